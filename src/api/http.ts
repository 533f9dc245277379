import ky, { isHTTPError, isNetworkError, isTimeoutError } from 'ky';
import type { KyInstance, Options } from 'ky';
import { messages } from '../../contract/messages';
import { ApiError, NetworkError } from './errors';

/**
 * The one HTTP door (docs/architecture.md), shared by the app (token from local storage) and the
 * sync worker (token handed over by the app; a worker cannot read local storage). Adds the
 * Bearer token, asks for JSON and turns every failure into an ApiError (the server
 * answered) or a NetworkError (it could not be reached). DOM-free: the worker compiles it.
 */
export interface HttpOptions {
  getToken: () => string | null;
  /** `/` in the page (same origin); the page's origin + `/` in the worker and in tests. */
  prefix?: string;
  /** Milliseconds; `false` for long-lived answers (the event stream). */
  timeout?: number | false;
  /** Sent with every request of this client (the sync protocol's version: src/sync/engine/syncApi.ts). */
  headers?: Record<string, string>;
}

export type Method = 'get' | 'post' | 'put' | 'delete';

/** A JSON body, a form, or a file's bytes sent as they are with their type (a roster zip). */
export type Body = { json?: unknown; form?: FormData; file?: { data: Blob; type: string } };

/** Checks an answer's shape, usually a contract schema's `parse`. */
export type Parser<T> = (data: unknown) => T | Promise<T>;

export interface Http {
  requestJson<T>(method: Method, path: string, parse: Parser<T>, body?: Body, signal?: AbortSignal): Promise<T>;
  requestVoid(method: Method, path: string, body?: Body): Promise<void>;
  /** The raw answer for streaming (server-sent events); no timeout. */
  requestStream(path: string, signal: AbortSignal): Promise<Response>;
  /**
   * A file's raw answer (a document's bytes): the caller reads the body as it arrives, for
   * as long as it takes (the timeout covers the answer's headers only). `headers` carry
   * `Range` and `If-Range` to resume a download.
   */
  requestFile(path: string, headers: Record<string, string>, signal?: AbortSignal): Promise<Response>;
}

function bodyOptions(body: Body | undefined): Options {
  if (body?.form) return { body: body.form };
  if (body?.file) return { body: body.file.data, headers: { 'content-type': body.file.type } };
  if (body?.json !== undefined) return { json: body.json };
  return {};
}

/** The API's error body (`{ message, errors? }`), or the message its status stands for. */
export function errorMessageOf(data: unknown, status: number): { message: string; errors: Record<string, string[]> } {
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

export async function toTypedError(error: unknown): Promise<Error> {
  if (isHTTPError(error)) {
    const data: unknown = await Promise.resolve(error.data);
    const { message, errors } = errorMessageOf(data, error.response.status);
    return new ApiError(error.response.status, message, errors, data);
  }
  if (isNetworkError(error) || isTimeoutError(error) || error instanceof TypeError) {
    return new NetworkError({ cause: error });
  }
  return error instanceof Error ? error : new Error(String(error));
}

export function createHttp({ getToken, prefix = '/', timeout = 15_000, headers = {} }: HttpOptions): Http {
  const instance: KyInstance = ky.create({
    prefix,
    headers: { accept: 'application/json', ...headers },
    credentials: 'same-origin',
    timeout,
    // Retrying is the sync worker's job; a screen shows the failure at once.
    retry: 0,
    hooks: {
      beforeRequest: [
        ({ request }) => {
          const token = getToken();
          // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header, not UI text
          if (token) request.headers.set('Authorization', `Bearer ${token}`);
        },
      ],
    },
  });

  async function send(method: Method, path: string, body?: Body, options: Options = {}): Promise<Response> {
    try {
      return await instance(path, { method, ...bodyOptions(body), ...options });
    } catch (error) {
      throw await toTypedError(error);
    }
  }

  return {
    async requestJson(method, path, parse, body, signal) {
      const response = await send(method, path, body, signal ? { signal } : {});
      let data: unknown;
      try {
        data = await response.json();
      } catch (error) {
        throw await toTypedError(error);
      }
      return parse(data);
    },
    async requestVoid(method, path, body) {
      await send(method, path, body);
    },
    requestStream(path, signal) {
      return send('get', path, undefined, { signal, timeout: false, headers: { accept: 'text/event-stream' } });
    },
    requestFile(path, headers, signal) {
      return send('get', path, undefined, { ...(signal ? { signal } : {}), headers: { accept: '*/*', ...headers } });
    },
  };
}
