/**
 * The News list that `public/boot.js` painted from the last visit (src/startup/newsPreview.ts)
 * stands beside `#root`, which it hides: React's first commits (the starting-up spinner, the
 * list still reading) draw there unseen, and the preview goes in the same frame as the real
 * list's first commit, so the screen never flashes back to a spinner or to blank. It also
 * goes when the app shows anything else (another path, an error) or after `maxPreviewMs`.
 */
export const bootPreviewId = 'boot-preview';
const maxPreviewMs = 10_000;

export function bootPreviewPath(): string | null {
  return document.getElementById(bootPreviewId)?.getAttribute('data-path') ?? null;
}

/** Removes the preview and shows the app; does nothing when there is none. */
export function dismissBootPreview(): void {
  const preview = document.getElementById(bootPreviewId);
  if (!preview) return;
  preview.remove();
  const root = document.getElementById('root');
  if (root) root.hidden = false;
}

/** Called once at start-up: the preview goes at the latest after `maxPreviewMs`. */
export function limitBootPreview(): void {
  if (bootPreviewPath() !== null) window.setTimeout(dismissBootPreview, maxPreviewMs);
}
