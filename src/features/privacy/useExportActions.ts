import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { DataExportRow } from '../../../contract/privacy';
import { ApiError } from '../../api/client';
import { saveOnDevice } from '../../forms/localSave';
import { translateServerMessage } from '../../i18n/serverMessages';
import { useSession } from '../../session/session';
import { toastOutcome } from '../../sync/outcomeToasts';
import { showToast } from '../../ui/toastStore';
import { downloadExport } from './exportDownload';
import { usePrivacyDb } from './usePrivacy';

/** Asking for an export through the outbox and downloading a ready one, with honest toasts. */
export function useExportActions() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const db = usePrivacyDb();
  const [downloading, setDownloading] = useState<string | null>(null);

  const request = async (member: { id: string; name: string }) => {
    if (!user) return;
    let seq = 0;
    const saved = await saveOnDevice(async () => {
      seq = (await (await import('./privacyWrites')).requestExport(db, user, member)).seq;
    }, i18n);
    if (!saved) return;
    await toastOutcome(db, i18n, seq, {
      sent: t`Asked. The copy is being prepared; it appears here when it is ready.`,
      refused: (reason) => t`The copy could not be asked for: ${reason}`,
    });
  };

  const download = async (row: DataExportRow) => {
    setDownloading(row.id);
    try {
      await downloadExport(row.id);
      showToast(t`Downloaded. This copy cannot be downloaded again.`);
    } catch (error) {
      const reason =
        error instanceof ApiError ? translateServerMessage(i18n, error.message) : t`The server could not be reached. Try again when you are online.`;
      showToast(reason, 'error');
    } finally {
      setDownloading(null);
    }
  };

  return { request, download, downloading };
}
