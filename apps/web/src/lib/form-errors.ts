// Turning an API failure into what a form shows: the server's per-field messages under their inputs and
// its `error` message in the form's alert.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

export interface ServerErrorResult {
  /** The message for the form's alert. */
  message: string;
  /** Whether at least one message went under an input. */
  onFields: boolean;
}

/**
 * Put the failure's `fields` messages on the matching inputs and return the message for the form's alert.
 * `fieldNames` lists the form's own fields: the server may name others.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
): ServerErrorResult {
  if (!(error instanceof ApiError))
    return { message: 'Something went wrong. Please try again.', onFields: false };
  let onFields = false;
  for (const name of fieldNames) {
    const message = error.fields[name];
    if (message) {
      setError(name, { type: 'server', message });
      onFields = true;
    }
  }
  return { message: error.message, onFields };
}

/** The first message per top-level field of a schema's refusal (for small forms checked without a form library). */
export function firstIssuePerField(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of issues) fields[String(issue.path[0] ?? '_')] ??= issue.message;
  return fields;
}
