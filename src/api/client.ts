import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import type { Options } from 'ky';
import { messages } from '../../contract/messages';
import { readToken } from '../session/tokenStorage';
import { ApiError, NetworkError } from './errors';

export { ApiError, NetworkError, isUnauthenticated } from './errors';

/**
 * The one HTTP door of the app (STYLE.md §2). Same origin: the server picks the college
 * from the Host header. Adds the Bearer token, asks for JSON and turns every failure into
 * an ApiError (the server answered) or a NetworkError (it could not be reached).
 */
const http = ky.create({
  prefix: '/',
  headers: { accept: 'application/json' },
  credentials: 'same-origin',
  timeout: 15_000,
  // Retrying is the sync worker's job; a screen shows the failure at once.
  retry: 0,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        const token = readToken();
        // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header, not UI text
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});

type Body = { json?: unknown; form?: FormData };

function bodyOptions(body: Body | undefined): Options {
  if (body?.form) return { body: body.form };
  if (body?.json !== undefined) return { json: body.json };
  return {};
}

function errorMessageOf(data: unknown, status: number): { message: string; errors: Record<string, string[]> } {
  if (data && typeof data === 'object') {
    const record = data as { message?: unknown; errors?: unknown };
    const message = typeof record.message === 'string' ? record.message : messages.serverError;
    const errors: Record<string, string[]> = {};
    if (record.errors && typeof record.errors === 'object') {
      for (const [field, list] of Object.entries(record.errors as Record<string, unknown>)) {
        if (Array.isArray(list)) errors[field] = list.filter((m): m is string => typeof m === 'string');
      }
    }
    return { message, errors };
  }
  return { message: status === 401 ? messages.unauthenticated : messages.serverError, errors: {} };
}

async function toTypedError(error: unknown): Promise<Error> {
  if (isHTTPError(error)) {
    const { message, errors } = errorMessageOf(await Promise.resolve(error.data), error.response.status);
    return new ApiError(error.response.status, message, errors);
  }
  if (isNetworkError(error) || isTimeoutError(error) || error instanceof TypeError) {
    return new NetworkError({ cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}

type Method = 'get' | 'post' | 'put' | 'delete';

async function send(method: Method, path: string, body?: Body): Promise<Response> {
  try {
    return await http(path, { method, ...bodyOptions(body) });
  } catch (error) {
    throw await toTypedError(error);
  }
}

/**
 * Checks an answer's shape, usually a contract schema's `parse`. A function rather than the
 * schema itself so the shell can load zod lazily (see src/api/schemas.ts).
 */
export type Parser<T> = (data: unknown) => T | Promise<T>;

/** Sends a request and parses the JSON answer. */
export async function requestJson<T>(method: Method, path: string, parse: Parser<T>, body?: Body): Promise<T> {
  const response = await send(method, path, body);
  let data: unknown;
  try {
    data = await response.json();
  } catch (error) {
    throw await toTypedError(error);
  }
  return parse(data);
}

/** Sends a request whose answer body does not matter (204, or a `{message}` we ignore). */
export async function requestVoid(method: Method, path: string, body?: Body): Promise<void> {
  await send(method, path, body);
}
