import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { DataExportRow, ErasurePolicy } from '../../../contract/privacy';
import { Button } from '../../ui/Button';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { ErasureText } from './ErasureText';
import { ExportsView } from './ExportsView';

export interface MemberPrivacyViewProps {
  name: string;
  isSelf: boolean;
  policy: ErasurePolicy;
  exports: readonly DataExportRow[];
  online: boolean;
  downloading: string | null;
  onRequest: () => void;
  onDownload: (row: DataExportRow) => void;
  onErase: () => void;
}

/**
 * An administrator's privacy card on a member's screen: a copy of the member's data (theirs
 * to download once) and erasing the member, after a confirmation that names them and says
 * what the college's policy keeps. Only renders.
 */
export function MemberPrivacyView({ name, isSelf, policy, exports, online, downloading, onRequest, onDownload, onErase }: MemberPrivacyViewProps) {
  const { t } = useLingui();
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  return (
    <section className="card member-card privacy-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        <Trans>Privacy</Trans>
      </h2>
      <h3 className="privacy-subtitle">
        <Trans>Copy of their data</Trans>
      </h3>
      <p>
        <Trans>A zip file with their profile, what they wrote, their read receipts, their messages and their files, for you to download once.</Trans>
      </p>
      <ExportsView
        exports={exports}
        online={online}
        downloading={downloading}
        requestLabel={<Trans>Prepare a copy of their data</Trans>}
        onRequest={onRequest}
        onDownload={onDownload}
      />
      <h3 className="privacy-subtitle">
        <Trans>Erase</Trans>
      </h3>
      {isSelf ? (
        <p className="muted">
          <Trans>You cannot erase your own account.</Trans>
        </p>
      ) : (
        <>
          <p>
            <ErasureText name={name} policy={policy} />{' '}
            <Link to="/admin/privacy">
              <Trans>The school’s privacy settings</Trans>
            </Link>
          </p>
          <div className="form-actions">
            <Button variant="danger" onClick={() => setConfirming(true)}>
              <Trans>Erase this member</Trans>
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title={t`Erase ${name}?`}
        description={<ErasureText name={name} policy={policy} />}
        confirmLabel={t`Erase ${name}`}
        onConfirm={onErase}
      />
    </section>
  );
}
