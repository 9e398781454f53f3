// The one error a service throws for the caller's mistake (or a busy moment): the HTTP layer (http/errors.ts)
// answers it in the one shape { error, code, fields }. It sits below db/ and http/ because the transaction
// helper (db/transaction.ts) throws `busy()` too; it imports nothing.

export type ErrorBody = { error: string; code: string; fields?: Record<string, string> };

/** The placeholders of a message's catalogue entry (`errors.<CODE>`, issue 43). */
export type ErrorValues = Record<string, string | number>;
/** The values, or the values in a language (a time or a duration written for the buyer's language). */
export type ErrorMessageValues = ErrorValues | ((locale: 'en' | 'es') => ErrorValues);

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
    /** The dynamic parts of `message`, for its text in the buyer's language (http/error-language.ts). */
    readonly values?: ErrorMessageValues,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { error: this.message, code: this.code, ...(this.fields ? { fields: this.fields } : {}) };
  }
}

/** Someone else was writing the same rows at the same moment (and the retries ran out). */
export function busy(): AppError {
  return new AppError(409, 'BUSY', 'Someone else was changing this at the same moment. Please try again.');
}
