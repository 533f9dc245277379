import { KeptFilesInStep } from './KeptFilesInStep';
import { useUploadQueueRunner } from './useUploadQueueRunner';

/**
 * The documents' background work (UiModule.background), whatever screen is open: the kept
 * categories' files kept in step, and this device's upload queue sent.
 */
export function DocumentsBackground() {
  useUploadQueueRunner();
  return <KeptFilesInStep />;
}
