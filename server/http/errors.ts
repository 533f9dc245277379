import type { FastifyError, FastifyInstance } from 'fastify';
import type { z } from 'zod';
import { fieldErrors } from '../../contract/errors';
import { messages } from '../../contract/messages';
import { refusalStatusOf } from '../db/errors';
import { dropUnreadBody } from './unreadBody';

/** An error that answers `{ message }` with its status (401, 403, 404, 409, 429…). */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** 422 in Laravel's shape: `{ message, errors: { field: [...] } }`. */
export class ValidationFailed extends Error {
  readonly statusCode = 422;
  constructor(readonly errors: Record<string, string[]>) {
    // Laravel's message is the first error; the client translates it by lookup, so no
    // "(and N more errors)" suffix is added.
    super(Object.values(errors)[0]?.[0] ?? messages.invalidData);
  }

  static field(field: string, message: string): ValidationFailed {
    return new ValidationFailed({ [field]: [message] });
  }

  static fromIssues(issues: readonly z.core.$ZodIssue[]): ValidationFailed {
    return new ValidationFailed(fieldErrors(issues));
  }
}

export const unauthenticated = () => new HttpError(401, messages.unauthenticated);
export const forbidden = () => new HttpError(403, messages.forbidden);
export const notFound = (message: string = messages.notFound) => new HttpError(404, message);

/** Parses with a contract schema, or throws the 422 the client expects. */
export function parseOrFail<T extends z.ZodType>(schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (!result.success) throw ValidationFailed.fromIssues(result.error.issues);
  return result.data;
}

/**
 * The client's error when the database refused the values it sent (server/db/errors.ts):
 * 409 for a collision, else 422 with a generic message (no field is known). Null when the
 * error is not such a refusal.
 */
export function refusedByDatabase(error: unknown): HttpError | ValidationFailed | null {
  const status = refusalStatusOf(error);
  if (status === 409) return new HttpError(409, messages.conflict);
  if (status === 422) return ValidationFailed.field('_', messages.invalidData);
  return null;
}

const clientMessages: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: messages.payloadTooLarge,
  FST_REQ_FILE_TOO_LARGE: messages.payloadTooLarge,
  FST_FILES_LIMIT: messages.payloadTooLarge,
  FST_FIELDS_LIMIT: messages.payloadTooLarge,
  FST_PARTS_LIMIT: messages.payloadTooLarge,
};

/**
 * Every error leaves as JSON of the contract's shapes. Errors made by bad input (malformed
 * JSON, wrong content type, oversize bodies, broken multipart, values the database refuses)
 * keep their 4xx status; only our own bugs answer 500, with no detail.
 */
export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((thrown: FastifyError | Error, request, reply) => {
    dropUnreadBody(request, reply);
    const refused = refusedByDatabase(thrown);
    // Logged: a refusal can also be our bug (a column we forgot to fill), not only input.
    if (refused) request.log.warn({ err: thrown }, 'the database refused the values of the request');
    const error = refused ?? thrown;
    if (error instanceof ValidationFailed) {
      return reply.code(422).send({ message: error.message, errors: error.errors });
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({ message: error.message });
    }
    const status = 'statusCode' in error && typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      const code = 'code' in error && typeof error.code === 'string' ? error.code : '';
      const message = status === 429 ? messages.tooManyRequests : (clientMessages[code] ?? (status === 413 ? messages.payloadTooLarge : error.message));
      return reply.code(status).send({ message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: messages.serverError });
  });
}
