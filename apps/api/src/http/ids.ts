const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids in URLs are checked before they reach SQL: a malformed id is simply not found, never a 500. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
