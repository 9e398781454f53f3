/** The time zone this browser is in, e.g. 'Europe/Berlin'. */
export function browserTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

let cached: readonly string[] | undefined;

/** Every IANA zone the browser knows, plus `include` (the browser's own or a saved zone may be an alias). */
export function timeZoneOptions(include: string): readonly string[] {
  cached ??= Intl.supportedValuesOf('timeZone');
  return cached.includes(include) ? cached : [include, ...cached];
}
