import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { openExportStates, type DataExportRow } from '../../../contract/privacy';
import { formatShortDate } from '../../i18n/formatDate';
import { Button } from '../../ui/Button';

export interface ExportsViewProps {
  /** The requester's exports about one member, newest first. */
  exports: readonly DataExportRow[];
  online: boolean;
  /** The export being downloaded now, if any. */
  downloading: string | null;
  requestLabel: ReactNode;
  onRequest: () => void;
  onDownload: (row: DataExportRow) => void;
}

/** How many past exports are listed under the newest. */
const shown = 3;

function sizeOf(bytes: number, locale: string): string {
  const units = ['byte', 'kilobyte', 'megabyte', 'gigabyte'] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return new Intl.NumberFormat(locale, { style: 'unit', unit: units[unit], unitDisplay: 'short', maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

function StateText({ row }: { row: DataExportRow }) {
  const { i18n } = useLingui();
  const asked = formatShortDate(row.requested_at, i18n.locale, true);
  const until = row.expires_at ? formatShortDate(row.expires_at, i18n.locale, true) : '';
  const size = row.size === null ? '' : sizeOf(row.size, i18n.locale);
  switch (row.state) {
    case 'asked':
      return <Trans>Asked on {asked}. It will be prepared in a few minutes once the request reaches the school.</Trans>;
    case 'preparing':
      return <Trans>Asked on {asked}. Being prepared…</Trans>;
    case 'ready':
      return (
        <Trans>
          Ready ({size}). It can be downloaded once, until {until}.
        </Trans>
      );
    case 'downloaded':
      return <Trans>Asked on {asked}. Downloaded: ask again for a new copy.</Trans>;
    case 'expired':
      return <Trans>Asked on {asked}. It expired without being downloaded.</Trans>;
    default:
      return <Trans>Asked on {asked}. It could not be prepared: ask again.</Trans>;
  }
}

/**
 * The data exports of one member as their requester sees them (asked, being prepared, ready
 * to download once, downloaded, expired or failed), and the button to ask for a new one,
 * which waits while one is open. Only renders.
 */
export function ExportsView({ exports, online, downloading, requestLabel, onRequest, onDownload }: ExportsViewProps) {
  const open = exports.some((row) => openExportStates.includes(row.state));
  return (
    <div className="privacy-exports">
      {exports.length > 0 ? (
        <ul className="privacy-export-list">
          {exports.slice(0, shown).map((row) => (
            <li key={row.id} className={`privacy-export privacy-export-${row.state}`}>
              <p className="privacy-export-state">
                <StateText row={row} />
              </p>
              {row.state === 'ready' ? (
                <Button onClick={() => onDownload(row)} busy={downloading === row.id} disabled={!online || downloading !== null}>
                  <Trans>Download the zip file</Trans>
                </Button>
              ) : null}
              {row.state === 'ready' && !online ? (
                <p className="muted">
                  <Trans>Connect to the internet to download it.</Trans>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
      <div className="form-actions privacy-export-actions">
        <Button variant={open ? 'secondary' : 'primary'} onClick={onRequest} disabled={open}>
          {requestLabel}
        </Button>
      </div>
      {open ? (
        <p className="muted">
          <Trans>A new copy can be asked for once this one is downloaded or has expired.</Trans>
        </p>
      ) : null}
    </div>
  );
}
