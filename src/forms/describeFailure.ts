import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { messages } from '../../contract/messages';
import { ApiError, NetworkError } from '../api/errors';
import { translateServerMessage } from '../i18n/serverMessages';
import type { FieldErrors } from './fieldErrors';

/*
 * What a failed request means to a form or an online screen. No zod here (only types from
 * ./fieldErrors): screens that only read, online, import this without loading the forms'
 * contracts (docs/features/app-shell.md).
 */

/** The first message of each field, under the form's name for it. */
export function firstOfEach(errors: Record<string, readonly string[]>, rename: Record<string, string> = {}): FieldErrors {
  const out: FieldErrors = {};
  for (const [field, list] of Object.entries(errors)) {
    const name = rename[field] ?? field;
    if (list[0] && !out[name]) out[name] = list[0];
  }
  return out;
}

export interface SubmitFailure {
  fields: FieldErrors;
  /** Translated text for the whole form, or null when the fields say it all. */
  form: string | null;
}

/**
 * Turns a failed request into what a form shows: 422 field errors next to their fields
 * (renamed when the form names a field differently), anything else as one message.
 */
export function describeFailure(error: unknown, i18n: I18n, rename: Record<string, string> = {}): SubmitFailure {
  if (error instanceof ApiError) {
    const fields = firstOfEach(error.errors, rename);
    const hasFields = Object.keys(fields).length > 0;
    if (error.status === 422 && hasFields) return { fields, form: null };
    return { fields, form: translateServerMessage(i18n, error.message || messages.serverError) };
  }
  if (error instanceof NetworkError) {
    return { fields: {}, form: i18n._(msg`Can't reach the server. Check your connection and try again.`) };
  }
  console.error(error);
  return { fields: {}, form: i18n._(msg`Something went wrong. Please try again.`) };
}
