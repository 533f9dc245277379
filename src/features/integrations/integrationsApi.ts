import { backupStatusResponse, type BackupStatus } from '../../../contract/backup';
import {
  mailLogResponse,
  smtpSettingsResponse,
  smtpTestFailure,
  smtpTestResponse,
  type MailLogItem,
  type SmtpSettingsView,
} from '../../../contract/integrations';
import { deliverySettings, type DeliverySettings } from '../../../contract/delivery';
import { ssoSettingsResponse, type ssoSettingsInput, type SsoSettingsView } from '../../../contract/sso';
import type { z } from 'zod';
import { ApiError } from '../../api/errors';
import { requestJson } from '../../api/client';
import type { SettingsDoor } from '../../forms/useOnlineSettings';
import type { Page } from '../../online/usePagedOnlineResource';

/**
 * The integrations' REST calls. Online only: the settings hold a password or a client secret,
 * which must not wait in the device's outbox (docs/features/integrations.md).
 */
const smtpPath = 'api/v1/admin/integrations/smtp';

export function fetchSmtp(signal?: AbortSignal): Promise<SmtpSettingsView | null> {
  return requestJson('get', smtpPath, (data) => smtpSettingsResponse.parse(data).data, undefined, signal);
}

/** The body the contract's `smtpSettingsInput` checked. */
export function saveSmtp(settings: Record<string, unknown>): Promise<SmtpSettingsView | null> {
  return requestJson('put', smtpPath, (data) => smtpSettingsResponse.parse(data).data, { json: settings });
}

export function removeSmtp(): Promise<null> {
  return requestJson('delete', smtpPath, () => null);
}

export type TestOutcome = { ok: true; response: string } | { ok: false; smtpError: string };

/** Sends a test mail; a refused one answers the SMTP server's text instead of throwing. */
export async function sendTestMail(to: string): Promise<TestOutcome> {
  try {
    return await requestJson('post', `${smtpPath}/test`, (data) => smtpTestResponse.parse(data), { json: { to } });
  } catch (error) {
    if (error instanceof ApiError && error.status === 422) {
      const failure = smtpTestFailure.safeParse(error.body);
      if (failure.success) return { ok: false, smtpError: failure.data.smtp_error };
    }
    throw error;
  }
}

export function fetchMailLog(cursor: string | null, signal?: AbortSignal): Promise<Page<MailLogItem>> {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  return requestJson(
    'get',
    `api/v1/admin/mail-log${query}`,
    (data) => {
      const page = mailLogResponse.parse(data);
      return { items: page.data, next: page.next_cursor };
    },
    undefined,
    signal,
  );
}

const deliverySettingsPath = 'api/v1/admin/delivery-settings';

/** The college's delivery settings: who gets email anyway, and how fast mails leave. */
export const deliverySettingsDoor: SettingsDoor<DeliverySettings, DeliverySettings> = {
  fetch: (signal) => requestJson('get', deliverySettingsPath, (data) => deliverySettings.parse(data), undefined, signal),
  save: (settings) => requestJson('put', deliverySettingsPath, (data) => deliverySettings.parse(data), { json: settings }),
};

const ssoPath = 'api/v1/admin/integrations/sso';
const ssoSettingsOf = (data: unknown) => ssoSettingsResponse.parse(data).data;

/** The college's single sign-on settings (docs/features/sso.md): the client secret is sent, never read back. */
export const ssoSettingsDoor: SettingsDoor<SsoSettingsView | null, z.output<typeof ssoSettingsInput>> = {
  fetch: (signal) => requestJson('get', ssoPath, ssoSettingsOf, undefined, signal),
  save: (settings) => requestJson('put', ssoPath, ssoSettingsOf, { json: settings }),
  remove: () => requestJson('delete', ssoPath, ssoSettingsOf),
};

/** The installation's scheduled backups: when the last ran and how it ended (server/backup). */
export function fetchBackupStatus(signal?: AbortSignal): Promise<BackupStatus> {
  return requestJson('get', 'api/v1/admin/backups', (data) => backupStatusResponse.parse(data).data, undefined, signal);
}
