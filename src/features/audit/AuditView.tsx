import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import type { AuditListResponse } from '../../../contract/audit';
import { Button } from '../../ui/Button';
import { FormAlert } from '../../ui/FormAlert';
import { DownloadIcon } from '../../ui/icons';
import { Pagination } from '../../ui/Pagination';
import { LoadingState } from '../../ui/ScreenStates';
import { AuditFiltersForm, type AuditFilters } from './AuditFiltersForm';
import { AuditRecordItem } from './AuditRecordItem';
import { RetentionCard } from './RetentionCard';

export type AuditLoad = { status: 'offline' } | { status: 'loading' } | { status: 'failed'; error: string } | { status: 'ready'; result: AuditListResponse };

export interface AuditViewProps {
  filters: AuditFilters;
  onFilter: (filters: AuditFilters) => void;
  load: AuditLoad;
  page: number;
  hrefFor: (page: number) => string;
  onGoTo: (page: number) => void;
  onRetry: () => void;
  nameOf: (id: string) => string | undefined;
  csv: { busy: boolean; error: string | null; onDownload: () => void };
  retention: { years: number; onSave: (years: number) => Promise<void> } | null;
}

/**
 * `/admin/audit` as it renders: the filters, the records of the page (or why there are none),
 * the pages, the CSV and the retention. Only renders; AuditScreen reads and writes.
 */
export function AuditView({ filters, onFilter, load, page, hrefFor, onGoTo, onRetry, nameOf, csv, retention }: AuditViewProps) {
  const { t } = useLingui();
  const result = load.status === 'ready' ? load.result : null;
  const total = result?.meta.total ?? 0;
  return (
    <div className="page audit-page">
      <header className="page-header">
        <h1>
          <Trans>Audit trail</Trans>
        </h1>
        <p className="page-lead">
          <Trans>Every administrative action: who did it, when, from which device, and what changed.</Trans>
        </p>
      </header>
      <AuditFiltersForm key={JSON.stringify(filters)} filters={filters} onApply={onFilter} />
      <section className="audit-results" aria-labelledby="audit-results-title">
        <div className="audit-results-head">
          <h2 id="audit-results-title">{result ? t`${plural(total, { one: '# record', other: '# records' })}` : <Trans>Records</Trans>}</h2>
          <Button variant="secondary" onClick={csv.onDownload} busy={csv.busy} disabled={load.status === 'offline' || (result !== null && total === 0)}>
            <DownloadIcon aria-hidden="true" />
            <Trans>Export CSV</Trans>
          </Button>
        </div>
        <FormAlert message={csv.error} />
        {load.status === 'offline' ? (
          <p className="card audit-offline" role="status">
            <Trans>
              The audit trail is kept on the server and needs a connection. Connect to the internet to read it; the retention below can still be changed.
            </Trans>
          </p>
        ) : load.status === 'loading' ? (
          <LoadingState label={t`Loading…`} />
        ) : load.status === 'failed' ? (
          <div className="card audit-failed">
            <FormAlert message={load.error} />
            <Button variant="secondary" onClick={onRetry}>
              <Trans>Try again</Trans>
            </Button>
          </div>
        ) : load.result.data.length === 0 ? (
          <p className="card audit-empty">
            <Trans>No records match these filters.</Trans>
          </p>
        ) : (
          <>
            <ul className="audit-list" aria-label={t`Records`}>
              {load.result.data.map((record) => (
                <AuditRecordItem key={record.id} record={record} nameOf={nameOf} />
              ))}
            </ul>
            <Pagination page={page} pages={load.result.meta.last_page} hrefFor={hrefFor} onGoTo={onGoTo} />
          </>
        )}
      </section>
      {retention ? <RetentionCard key={retention.years} years={retention.years} onSave={retention.onSave} /> : null}
    </div>
  );
}
