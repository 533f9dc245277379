import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { ApiError, NetworkError } from '../../api/client';
import { DeviceFullError, FileChangedError } from './keptFiles';

/** What to tell the member when a file could not be kept on the device or opened. */
export function fileFailureText(i18n: I18n, error: unknown, doing: 'keep' | 'open'): string {
  if (error instanceof DeviceFullError) return i18n._(msg`This device is full. Remove kept files, or free space on the device, then try again.`);
  if (error instanceof NetworkError) {
    return doing === 'open'
      ? i18n._(msg`This document is not on this device, and there is no connection to download it.`)
      : i18n._(msg`Could not download the file: no connection. Try again when you are online.`);
  }
  if (error instanceof FileChangedError) return i18n._(msg`The file changed on the server. Try again in a moment.`);
  if (error instanceof ApiError && error.status === 404) return i18n._(msg`This document is no longer available.`);
  return doing === 'open' ? i18n._(msg`Could not open the file.`) : i18n._(msg`Could not keep the file on this device.`);
}
