// One error shape everywhere: { error: human message, code: MACHINE_CODE, fields?: { name: message } }.
import type { IncomingMessage } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { sendDatabaseUnavailable } from './database-gate';
import { sqlState } from '../db/client';
import { AppError, busy, type ErrorBody, type ErrorMessageValues } from '../errors';
import { errorBodyFor, rateLimitValues } from './error-language';

export { AppError, busy, type ErrorBody, type ErrorMessageValues } from '../errors';

export const notFound = (what = 'Not found') => new AppError(404, 'NOT_FOUND', what);

/** The first message per field of a zod error, keyed by the dotted path. */
export function fieldErrors(
  issues: readonly Pick<z.core.$ZodIssue, 'path' | 'message'>[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_';
    fields[key] ??= issue.message;
  }
  return fields;
}

export function validationError(fields: Record<string, string>): AppError {
  const first = Object.values(fields)[0];
  return new AppError(400, 'VALIDATION_ERROR', first ?? 'Please check the highlighted fields.', fields);
}

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler(async (err: FastifyError | AppError, request, reply) => {
    // Issue 43: the error text in the request's language (Spanish where the catalogues have it); `code` as is.
    const inLanguage = (body: ErrorBody, values?: ErrorMessageValues) => errorBodyFor(request, body, values);
    // A body refused for its size is read to its end (and dropped) before the 413 goes out: answering while
    // the client still sends made the server close the socket under it (EPIPE instead of the answer).
    if (err.statusCode === 413 && !request.raw.complete) await drainBody(request.raw);
    if (err instanceof AppError)
      return reply.status(err.statusCode).send(inLanguage(err.toBody(), err.values));
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = [v.instancePath.replace(/^\//, '').replace(/\//g, '.')].filter(Boolean).join('') || '_';
        fields[key] ??= v.message ?? 'Invalid value';
      }
      return reply.status(400).send(inLanguage(validationError(fields).toBody()));
    }
    const fromDatabase = databaseRefusal(err);
    if (fromDatabase) {
      if (fromDatabase.statusCode === 503) reply.header('retry-after', '1');
      request.log.warn({ err }, 'database refused the request');
      return reply.status(fromDatabase.statusCode).send(inLanguage(fromDatabase.toBody()));
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'RATE_LIMITED' : (err.code ?? 'BAD_REQUEST');
      // A refusal of the body as a whole (bad JSON, too large, wrong content type) still names a field.
      const fields = status === 400 || status === 413 || status === 415 ? { body: err.message } : undefined;
      const body: ErrorBody = { error: err.message, code, ...(fields ? { fields } : {}) };
      return reply
        .status(status)
        .send(inLanguage(body, status === 429 ? rateLimitValues(err.message) : undefined));
    }
    if (isDatabaseUnavailable(err)) return sendDatabaseUnavailable(reply);
    request.log.error({ err }, 'request failed');
    return reply
      .status(500)
      .send(inLanguage({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' }));
  });
}

/** More than this, or for longer, and the connection is closed after the 413 instead. */
const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
const DRAIN_MAX_MS = 10_000;

/** Reads and discards what is left of a request body, within DRAIN_MAX_BYTES / DRAIN_MAX_MS. */
function drainBody(raw: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    let bytes = 0;
    const done = () => {
      clearTimeout(timer);
      raw.off('data', onData);
      raw.off('end', done);
      raw.off('error', done);
      raw.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > DRAIN_MAX_BYTES) done();
    };
    const timer = setTimeout(done, DRAIN_MAX_MS);
    raw.on('data', onData);
    raw.on('end', done);
    raw.on('error', done);
    raw.on('close', done);
    raw.resume();
  });
}

/**
 * The last line of defence behind the input boundary and the transaction helper: a database refusal that
 * reaches the error handler is the request's fault (a value the column cannot hold) or a busy moment (lock
 * wait, deadlock, serialisation), never a 500.
 */
export function databaseRefusal(err: unknown): AppError | null {
  const state = sqlState(err);
  if (!state) return null;
  if (state.startsWith('22')) {
    const message = 'A value is out of range or cannot be stored.';
    return new AppError(400, 'INVALID_VALUE', message, { _: message });
  }
  if (state === '40001' || state === '40P01' || state === '55P03') return busy();
  if (state === '23505')
    return new AppError(409, 'CONFLICT', 'This was just changed by another request. Reload and try again.');
  if (state === '57014')
    return new AppError(
      503,
      'DATABASE_TIMEOUT',
      'The server is busy right now. Please try again in a moment.',
    );
  return null;
}
