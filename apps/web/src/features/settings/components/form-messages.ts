/**
 * The message react-hook-form keeps for a path: on the error itself, or under `root` when the path is a list
 * the schema refused as a whole (e.g. "Add at least one time range…").
 */
export function messageOf(error: unknown): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  const record = error as { message?: unknown; root?: { message?: unknown } };
  if (typeof record.message === 'string' && record.message) return record.message;
  if (typeof record.root?.message === 'string' && record.root.message) return record.root.message;
  return undefined;
}
