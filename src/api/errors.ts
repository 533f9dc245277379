import { messages } from '../../contract/messages';

/** An HTTP error answer of the API: 401, 403, 404, 409, 422 (with field errors), 429, 5xx. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  constructor(
    readonly status: number,
    message: string,
    readonly errors: Readonly<Record<string, readonly string[]>> = {},
    /** The answer's whole body, for the few routes that say more (the SMTP test's `smtp_error`). */
    readonly body: unknown = undefined,
  ) {
    super(message);
  }
}

/** The server could not be reached (offline, DNS, refused, timeout). Never signs anyone out. */
export class NetworkError extends Error {
  override readonly name = 'NetworkError';
  constructor(options?: { cause?: unknown }) {
    super('network unreachable', options);
  }
}

/** A file this device stored could not be read back (evicted, or its copy is corrupt): sending it cannot work. */
export class FileUnreadableError extends Error {
  override readonly name = 'FileUnreadableError';
  constructor(options?: { cause?: unknown }) {
    super('the stored file could not be read', options);
  }
}

/** Only this answer means the token is dead (docs/sync.md, rule 7). */
export function isUnauthenticated(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401 && error.message === messages.unauthenticated;
}
