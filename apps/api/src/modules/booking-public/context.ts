// What every public call of the booking flow is handed (the app composes it once), and its 404s.
import { MESSAGES } from '@keyturn/domain/messages';
import type { Db } from '../../db/client';
import type { BookingNotifier } from '../core/notifications/scheduler';
import { AppError } from '../../http/errors';
import type { dateSlotsAnswer } from '../availability/service';
import type { DateAnswers } from './date-answers';

export type PublicContext = {
  db: Db;
  publicUrl: string;
  now: () => Date;
  notify: BookingNotifier;
  /** The public date call's kept answers (decision 035); without it every call computes. */
  dateAnswers?: DateAnswers<DateAnswer>;
  /** The SMS default country: the consent ledger stores the buyer's number in E.164 (issue 33). */
  smsDefaultCountry?: string;
};
/** What GET /api/booking/availability/…/:date answers. */
export type DateAnswer = ReturnType<typeof dateSlotsAnswer>;

export const agentNotFound = () => new AppError(404, 'AGENT_NOT_FOUND', 'This agent could not be found.');
export const propertyNotFound = () => new AppError(404, 'PROPERTY_NOT_FOUND', MESSAGES.propertyNotFoundBody);
