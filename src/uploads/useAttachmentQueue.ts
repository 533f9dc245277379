import { useUiModules } from '../modules/UiModules';
import type { AttachmentQueue } from './attachmentQueue';

/**
 * The loader of the attachments' upload queue from the feature that keeps it
 * (UiModule.attachmentQueue), or null when none does: the forms then offer no attachments.
 */
export function useAttachmentQueue(): (() => Promise<AttachmentQueue>) | null {
  return useUiModules().find((module) => module.attachmentQueue)?.attachmentQueue ?? null;
}
