// A zone where it is day now (tests that wait for reminder texts): reminder texts keep quiet hours, 9 PM–8 AM in
// the agent's zone (issue 33), so a reminder made due at once is held as a text — or sent by e-mail instead —
// when the suite runs at night there. One fixed zone made such a test pass or fail by the hour CI ran at.
import { inQuietHours } from '@keyturn/domain/texts/quietHours';

/** Between them, these have a day at every hour (each is out of quiet hours for 13 hours; offsets −10 to +8). */
const ZONES = ['America/New_York', 'America/Chicago', 'Pacific/Honolulu', 'Europe/Madrid', 'Asia/Manila'];

/** The first zone of ZONES (preferring `preferred`) out of quiet hours from now until `forMs` from now. */
export function daytimeZone(forMs: number, preferred?: string): string {
  const now = Date.now();
  const awake = (zone: string) =>
    !inQuietHours(new Date(now), zone) && !inQuietHours(new Date(now + forMs), zone);
  const zone = [...(preferred ? [preferred] : []), ...ZONES].find(awake);
  if (!zone) throw new Error('no zone of daytimeZone is out of quiet hours now');
  return zone;
}
