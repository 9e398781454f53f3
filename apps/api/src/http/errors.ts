// One error shape everywhere: { error: human message, code: MACHINE_CODE, fields?: { name: message } }.
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { isDatabaseUnavailable, sendDatabaseUnavailable } from './database-gate';

export type ErrorBody = { error: string; code: string; fields?: Record<string, string> };

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    return { error: this.message, code: this.code, ...(this.fields ? { fields: this.fields } : {}) };
  }
}

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
  app.setErrorHandler((err: FastifyError | AppError, request, reply) => {
    if (err instanceof AppError) return reply.status(err.statusCode).send(err.toBody());
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields: Record<string, string> = {};
      for (const v of err.validation) {
        const key = [v.instancePath.replace(/^\//, '').replace(/\//g, '.')].filter(Boolean).join('') || '_';
        fields[key] ??= v.message ?? 'Invalid value';
      }
      return reply.status(400).send(validationError(fields).toBody());
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const code = status === 429 ? 'RATE_LIMITED' : (err.code ?? 'BAD_REQUEST');
      return reply.status(status).send({ error: err.message, code });
    }
    if (isDatabaseUnavailable(err)) return sendDatabaseUnavailable(reply);
    request.log.error({ err }, 'request failed');
    return reply
      .status(500)
      .send({ error: 'Something went wrong on our side. Please try again.', code: 'INTERNAL' });
  });
}
