import type { FastifyRequest } from 'fastify';
import { messages } from '../../contract/messages';
import { HttpError } from '../http/errors';

export interface ProfileForm {
  fields: Record<string, string>;
  /** The avatar's bytes when one was sent; `tooLarge` when it passed the size limit. */
  avatar: { data: Buffer; tooLarge: false } | { tooLarge: true } | null;
}

/**
 * Reads the profile form: multipart (the original client's `POST` with `_method=PUT`) or
 * a JSON body (a real `PUT`). Only text fields and one `avatar` file are kept.
 */
export async function readProfileForm(request: FastifyRequest): Promise<ProfileForm> {
  const form: ProfileForm = { fields: {}, avatar: null };
  if (!request.isMultipart()) {
    const body: unknown = request.body;
    if (body && typeof body === 'object') {
      for (const [name, value] of Object.entries(body)) {
        if (typeof value === 'string') form.fields[name] = value;
        else if (value === null) form.fields[name] = '';
      }
    }
    return form;
  }
  try {
    await readParts(request, form);
  } catch (error) {
    // busboy reports a truncated or malformed body with a plain Error: that is bad input.
    if (hasStatus(error)) throw error;
    throw new HttpError(400, messages.malformedBody);
  }
  return form;
}

async function readParts(request: FastifyRequest, form: ProfileForm): Promise<void> {
  // The plugin is registered with throwFileSizeLimit off: a file past the limit is
  // truncated and flagged instead of failing the request, so we can answer a 422.
  for await (const part of request.parts()) {
    if (part.type === 'field') {
      if (typeof part.value === 'string') form.fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname !== 'avatar' || form.avatar) {
      part.file.resume();
      continue;
    }
    const data = await part.toBuffer();
    if (part.file.truncated) form.avatar = { tooLarge: true };
    // An empty file input sends a part with no name and no bytes: no new avatar.
    else if (data.length > 0) form.avatar = { data, tooLarge: false };
  }
}

function hasStatus(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'statusCode' in error;
}
