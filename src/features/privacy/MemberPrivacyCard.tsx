import { useLingui } from '@lingui/react/macro';
import type { MemberSectionProps } from '../../modules/uiModule';
import { saveOnDevice } from '../../forms/localSave';
import { toastOutcome } from '../../sync/outcomeToasts';
import { LoadingState } from '../../ui/ScreenStates';
import { useOnline } from '../../ui/useOnline';
import { MemberPrivacyView } from './MemberPrivacyView';
import { eraseMember } from './privacyWrites';
import { useExportActions } from './useExportActions';
import { useExportsOf, usePrivacyDb, usePrivacySettings } from './usePrivacy';
import './privacy.css';

/** The privacy card of an administrator's member screen (UiModule.member): the member's data export and erasure, through the outbox. */
export function MemberPrivacyCard({ member, isSelf, onGone }: MemberSectionProps) {
  const { t, i18n } = useLingui();
  const db = usePrivacyDb();
  const online = useOnline();
  const settings = usePrivacySettings();
  const exports = useExportsOf(member.id);
  const { request, download, downloading } = useExportActions();
  if (!settings || !exports) return <LoadingState label={t`Loading…`} />;
  const erase = async () => {
    let seq = 0;
    if (!(await saveOnDevice(async () => (seq = await eraseMember(db, member)), i18n))) return;
    onGone();
    const name = member.name;
    await toastOutcome(db, i18n, seq, { sent: t`${name} was erased.`, refused: (reason) => t`${name} could not be erased: ${reason}` });
  };
  return (
    <MemberPrivacyView
      name={member.name}
      isSelf={isSelf}
      policy={settings.erasure_policy}
      exports={exports}
      online={online}
      downloading={downloading}
      onRequest={() => void request(member)}
      onDownload={(row) => void download(row)}
      onErase={() => void erase()}
    />
  );
}
