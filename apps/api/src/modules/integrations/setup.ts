// The calendar sync's dependencies from the configuration (the routes and the workers build the same ones).
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import type { Mailer } from '../../adapters/mail';
import { loadTokenKey, secretBox } from '../core/crypto';
import type { CalendarDeps } from './sync';

export function calendarDepsOf(
  config: Config,
  db: Db,
  now: () => Date,
  mailer?: Mailer,
  apps?: CalendarDeps['apps'],
): CalendarDeps {
  return {
    db,
    calendar: config.calendar,
    box: secretBox(loadTokenKey(config.calendar.tokenKey, config.dataDir)),
    publicUrl: config.publicUrl,
    outbound: config.outbound,
    now,
    ...(mailer ? { mailer, mailFrom: config.mail.from } : {}),
    ...(apps ? { apps } : {}),
  };
}
