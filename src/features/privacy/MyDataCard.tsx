import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import { useSession } from '../../session/session';
import { useOnline } from '../../ui/useOnline';
import { ExportsView } from './ExportsView';
import { useExportActions } from './useExportActions';
import { useExportsOf } from './usePrivacy';
import './privacy.css';

/** The profile's "Your data" card (a section of the profile screen): a copy of my data, asked through the outbox, downloaded once. */
export function MyDataCard() {
  const { t } = useLingui();
  const id = useId();
  const { user } = useSession();
  const online = useOnline();
  const exports = useExportsOf(user?.id ?? '');
  const { request, download, downloading } = useExportActions();
  if (!user || exports === undefined) return null;
  const name = [user.name, user.first_lastname].filter(Boolean).join(' ');
  return (
    <section className="card form privacy-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="card-title">
        <Trans>Your data</Trans>
      </h2>
      <p>
        <Trans>
          Download a copy of your profile, what you wrote, your read receipts, your messages and your files, as one zip file. It is prepared in the background
          and can be downloaded once, within a week.
        </Trans>
      </p>
      <ExportsView
        exports={exports}
        online={online}
        downloading={downloading}
        requestLabel={t`Download my data`}
        onRequest={() => void request({ id: user.id, name })}
        onDownload={(row) => void download(row)}
      />
    </section>
  );
}
