/**
 * Zones renamed by the IANA database whose old spelling ICU still lists as canonical (Chromium and Node
 * offer 'Asia/Calcutta', not 'Asia/Kolkata'). Agents look for the current name, so the list shows it; the
 * server accepts both spellings of a zone.
 */
const CURRENT_NAMES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** 'Asia/Calcutta' → 'Asia/Kolkata'; any other zone as it is. */
export function currentZoneName(zone: string): string {
  return CURRENT_NAMES[zone] ?? zone;
}

/** Reads the browser's zone: made on first use (not while the page's code loads), then kept. */
let zoneReader: Intl.DateTimeFormat | undefined;

/**
 * The time zone this browser is in, e.g. 'Europe/Berlin', by its current name. One formatter answers every call:
 * making one per call cost about a millisecond each on a slowed phone, several times per render of the booking
 * page (issue 48). A zone the system changes to while the page is open shows after a reload.
 */
export function browserTimeZone(): string {
  zoneReader ??= new Intl.DateTimeFormat();
  return currentZoneName(zoneReader.resolvedOptions().timeZone || 'UTC');
}

let cached: readonly string[] | undefined;

/** Every IANA zone the browser knows by its current name, plus `include` (a saved zone may be another spelling). */
export function timeZoneOptions(include: string): readonly string[] {
  cached ??= [...new Set(Intl.supportedValuesOf('timeZone').map(currentZoneName))].sort();
  return cached.includes(include) ? cached : [include, ...cached];
}
