import { readToken } from '../storage/tokenStorage';
import { createHttp, type Body, type Method, type Parser } from './http';

export { ApiError, NetworkError, isUnauthenticated } from './errors';
export type { Parser } from './http';

/**
 * The app's HTTP client (the one HTTP door, docs/architecture.md): same origin (the server picks the college from the
 * Host header), the token read from local storage on every request.
 */
const http = createHttp({ getToken: readToken });

/** Sends a request and parses the JSON answer; `signal` cancels it (a newer request replaces it). */
export function requestJson<T>(method: Method, path: string, parse: Parser<T>, body?: Body, signal?: AbortSignal): Promise<T> {
  return http.requestJson(method, path, parse, body, signal);
}

/** Sends a request whose answer body does not matter (204, or a `{message}` we ignore). */
export function requestVoid(method: Method, path: string, body?: Body): Promise<void> {
  return http.requestVoid(method, path, body);
}

/** A file's raw answer, its body streamed by the caller (src/features/documents/keptFiles.ts). */
export function requestFile(path: string, headers: Record<string, string>, signal?: AbortSignal): Promise<Response> {
  return http.requestFile(path, headers, signal);
}
