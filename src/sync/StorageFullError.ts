/**
 * The device's storage is full (a real error: QuotaExceededError). The change was not made and nothing queued
 * before it was lost; the UI says "storage full: free space" and keeps the user's input.
 */
export class StorageFullError extends Error {
  override readonly name = 'StorageFullError';
  constructor(options?: { cause?: unknown }) {
    super('storage full: free space', options);
  }
}
