import { z } from './zod';
import { messages } from './messages';

/** 422 body, Laravel's shape, which the original client reads: field → messages. */
export const validationErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationErrorBody = z.infer<typeof validationErrorBody>;

/** Every other error status (401, 403, 404, 409, 429, 500) answers `{ message }`. */
export const messageBody = z.object({ message: z.string() });
export type MessageBody = z.infer<typeof messageBody>;

export const unauthenticatedBody = { message: messages.unauthenticated } as const;

/**
 * Turns zod issues into the 422 `errors` object: one entry per field path (dotted), in the
 * order zod reports them, without repeating a message for the same field.
 */
export function fieldErrors(issues: readonly z.core.$ZodIssue[]): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const issue of issues) {
    const field = issue.path.length > 0 ? issue.path.map(String).join('.') : '_';
    const list = (errors[field] ??= []);
    if (!list.includes(issue.message)) list.push(issue.message);
  }
  return errors;
}
