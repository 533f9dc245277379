import { DetailedError, Upload } from 'tus-js-client';
import { ApiError, FileUnreadableError, NetworkError } from './errors';
import { errorMessageOf } from './http';

/**
 * The door for resumable uploads (HTTP only through src/api: docs/architecture.md): one file sent
 * with the tus protocol by tus-js-client, which does the protocol (creation, HEAD for the
 * offset, PATCH chunks, termination); the caller decides when to try again. Failures come
 * out as the app's errors: ApiError (the server answered, with its `{ message, errors? }`),
 * NetworkError (no answer, or nothing moved for `stallMs`) or FileUnreadableError.
 */

type UploadOptions = NonNullable<ConstructorParameters<typeof Upload>[1]>;
type FileReader = NonNullable<UploadOptions['fileReader']>;

/**
 * Reads one chunk of the Blob at a time into memory. Reading it before the request (rather
 * than handing the request the Blob's slice, tus-js-client's way in browsers) makes a file
 * the device cannot read any more a FileUnreadableError instead of a network error retried
 * forever; and it is the same under Node (the tests, the bench), whose HTTP stack sends
 * bytes, not Blobs.
 */
const blobChunks: FileReader = {
  openFile(input: unknown) {
    const blob = input as Blob;
    return Promise.resolve({
      size: blob.size,
      async slice(start: number, end: number) {
        let bytes: Uint8Array;
        try {
          bytes = new Uint8Array(await blob.slice(start, end).arrayBuffer());
        } catch (cause) {
          throw new FileUnreadableError({ cause });
        }
        // tus-js-client takes a chunk's length from `size`, as a Blob has it.
        return { value: Object.assign(bytes, { size: bytes.length }), done: end >= blob.size };
      },
      close() {},
    });
  },
};

function appError(error: unknown): Error {
  const cause = error instanceof DetailedError ? error.causingError : null;
  if (error instanceof FileUnreadableError || cause instanceof FileUnreadableError) return error instanceof FileUnreadableError ? error : cause!;
  if (error instanceof DetailedError) {
    const response = error.originalResponse;
    if (!response) return new NetworkError({ cause: error });
    const status = response.getStatus();
    let body: unknown = null;
    try {
      body = JSON.parse(response.getBody());
    } catch {
      // Not JSON (a proxy's page, tus's plain-text refusals): the status says it.
    }
    const { message, errors } = errorMessageOf(body, status);
    return new ApiError(status, message, errors);
  }
  return error instanceof Error ? error : new Error(String(error));
}

export interface ResumableUpload {
  /** The tus endpoint, absolute (`<origin>/api/v1/uploads`). */
  endpoint: string;
  /** Read before every request: a token renewed meanwhile is used. */
  getToken: () => string | null;
  file: Blob;
  /** `Upload-Metadata` (tus base64-encodes each value). */
  metadata: Record<string, string>;
  /** The upload's address from an earlier attempt: resumed from the server's offset (HEAD). */
  uploadUrl?: string;
  chunkSize: number;
  /** Stops sending (the upload stays on the server, resumable); the promise rejects with its reason. */
  signal: AbortSignal;
  /**
   * No progress and no answer for this long is a dead connection (a half-open socket after
   * the phone slept, a captive Wi-Fi). Generous: the device's socket buffers can take a
   * whole chunk at once and then report nothing while a slow link drains it (512 KiB at
   * 64 kbit/s is over a minute).
   */
  stallMs?: number;
  /** The upload's address, as soon as the server made it (or confirmed it). */
  onUploadUrl: (url: string) => void;
  /** Bytes sent so far (the server's offset, then the bytes of the chunk on their way). */
  onProgress: (sent: number, total: number) => void;
}

/** Sends the file; resolves when the server has all of it (and answered the last chunk). */
export function sendResumable(options: ResumableUpload): Promise<void> {
  const { endpoint, getToken, file, metadata, uploadUrl, chunkSize, signal, stallMs = 120_000, onUploadUrl, onProgress } = options;
  return new Promise<void>((resolve, reject) => {
    let stall: ReturnType<typeof setTimeout> | undefined;
    const upload = new Upload(file, {
      endpoint,
      uploadUrl: uploadUrl ?? null,
      metadata,
      chunkSize,
      // The caller retries, with its own backoff and the browser's `online` event.
      retryDelays: null,
      // The caller keeps the address (in the queue's row); nothing in local storage.
      storeFingerprintForResuming: false,
      fileReader: blobChunks,
      onBeforeRequest: (request) => {
        const token = getToken();
        // eslint-disable-next-line lingui/no-unlocalized-strings -- an HTTP header, not UI text
        if (token) request.setHeader('Authorization', `Bearer ${token}`);
        watch();
      },
      onUploadUrlAvailable: () => {
        if (upload.url) onUploadUrl(upload.url);
      },
      onProgress: (sent, total) => {
        watch();
        onProgress(sent, total);
      },
      onSuccess: () => settle(),
      onError: (error) => settle(appError(error)),
    });

    function watch() {
      clearTimeout(stall);
      stall = setTimeout(() => stop(new NetworkError({ cause: new Error('the upload stalled') })), stallMs);
    }
    function stop(reason: unknown) {
      void upload.abort();
      settle(reason instanceof Error ? reason : new NetworkError({ cause: reason }));
    }
    function settle(error?: Error) {
      clearTimeout(stall);
      signal.removeEventListener('abort', onAbort);
      if (error) reject(error);
      else resolve();
    }
    function onAbort() {
      stop(signal.reason);
    }

    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    upload.start();
  });
}

/** Deletes an unfinished upload from the server (tus termination); a finished one stays. */
export async function terminateResumable(uploadUrl: string, getToken: () => string | null): Promise<void> {
  const token = getToken();
  try {
    await Upload.terminate(uploadUrl, { headers: token ? { Authorization: `Bearer ${token}` } : {}, retryDelays: null });
  } catch (error) {
    throw appError(error);
  }
}
