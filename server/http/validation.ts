import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { ValidationFailed } from './errors';

/**
 * Validates requests with the contract's zod schemas and keeps zod's issues, so a bad body
 * answers 422 with exactly the contract's messages per field. A missing body counts as `{}`
 * (each required field is reported rather than one error for the whole body).
 */
export const zodValidatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data: unknown) => {
    const input = httpPart === 'body' && (data === undefined || data === null) ? {} : data;
    const result = schema.safeParse(input);
    if (result.success) return { value: result.data };
    return { error: ValidationFailed.fromIssues(result.error.issues) };
  };
