import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo, useState } from 'react';
import { auditKinds, type AuditKind } from '../../../contract/audit';
import { can } from '../../../contract/permissions';
import { sectionLabel } from '../../audience/audienceGroups';
import { useAudienceOptions } from '../../audience/useAudienceOptions';
import { useDb } from '../../db/DbProvider';
import { describeFailure } from '../../forms/describeFailure';
import { saveOnDevice } from '../../forms/localSave';
import { useOnlineResource } from '../../online/useOnlineResource';
import { useSession } from '../../session/session';
import { usePageMeta } from '../../tenant/usePageMeta';
import { BackTo } from '../../ui/ScreenStates';
import { showToast } from '../../ui/toastStore';
import { useAskedSearchParams } from '../../ui/useAskedSearchParams';
import { auditSearch, downloadAuditCsv, fetchAudit } from './auditApi';
import type { AuditFilters } from './AuditFiltersForm';
import { setRetention } from './auditWrites';
import { AuditView, type AuditLoad } from './AuditView';
import { useAuditDb, useRetention } from './useRetention';

const filtersOf = (params: URLSearchParams): AuditFilters => {
  const kind = params.get('kind') ?? '';
  return {
    member: params.get('member') ?? '',
    actor: params.get('actor') ?? '',
    kind: (auditKinds as readonly string[]).includes(kind) ? (kind as AuditKind) : '',
    from: params.get('from') ?? '',
    to: params.get('to') ?? '',
  };
};

/**
 * `/admin/audit` (`audit.manage`): the audit trail read online, its filters and page in the
 * address, the CSV of what the filters select, and the retention, read from the device and
 * saved through the outbox (offline too).
 */
export function AuditScreen() {
  const { user } = useSession();
  if (!user || !can(user.role, 'audit.manage')) {
    return (
      <BackTo to="/app" linkLabel={<Trans>Back to home</Trans>}>
        <Trans>This page is for administrators.</Trans>
      </BackTo>
    );
  }
  return <Audit collegeId={user.college_id} />;
}

function Audit({ collegeId }: { collegeId: string }) {
  const { t, i18n } = useLingui();
  usePageMeta(t`Audit trail`);
  const [params, setParams] = useAskedSearchParams();
  const search = params.toString();
  const filters = useMemo(() => filtersOf(new URLSearchParams(search)), [search]);
  const page = Math.max(1, Math.floor(Number(new URLSearchParams(search).get('page')) || 1));
  const query = useMemo(() => ({ ...filters, kind: filters.kind || undefined, page }), [filters, page]);
  // A newer request (other filters, "Try again") shows "loading" until its own answer.
  const audit = useOnlineResource(auditSearch(query), (signal) => fetchAudit(query, signal));
  const load: AuditLoad =
    audit.state === 'offline'
      ? { status: 'offline' }
      : audit.state === 'failed'
        ? { status: 'failed', error: audit.error ?? '' }
        : audit.state === 'ready' && audit.data
          ? { status: 'ready', result: audit.data }
          : { status: 'loading' };
  const [csv, setCsv] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });

  const db = useAuditDb();
  const years = useRetention();
  const names = useNames();
  const hrefFor = (to: number) => `/admin/audit${auditSearch({ ...query, page: to })}`;
  const goTo = (to: number) => setParams(new URLSearchParams(auditSearch({ ...query, page: to }).slice(1)));
  const download = async () => {
    setCsv({ busy: true, error: null });
    try {
      await downloadAuditCsv(query);
      setCsv({ busy: false, error: null });
    } catch (error) {
      setCsv({ busy: false, error: describeFailure(error, i18n).form ?? null });
    }
  };
  const saveRetention = async (next: number) => {
    if (await saveOnDevice(() => setRetention(db, collegeId, next), i18n)) showToast(t`Saved. Records older than the new retention will be removed.`);
  };
  return (
    <AuditView
      filters={filters}
      onFilter={(next) => setParams(new URLSearchParams(auditSearch({ ...next, kind: next.kind || undefined }).slice(1)))}
      load={load}
      page={page}
      hrefFor={hrefFor}
      onGoTo={goTo}
      onRetry={audit.retry}
      nameOf={(id) => names.get(id)}
      csv={{ ...csv, onDownload: () => void download() }}
      retention={years === undefined ? null : { years, onSave: saveRetention }}
    />
  );
}

/** Names of what records point at by id and the device knows: sections (with their grade), grades, courses, places. */
function useNames(): Map<string, string> {
  const options = useAudienceOptions();
  const db = useDb();
  const places = useLiveQuery(() => db.places.toArray(), [db]);
  return useMemo(() => {
    const names = new Map<string, string>();
    for (const course of options?.courses ?? []) names.set(course.id, course.name);
    for (const grade of options?.grades ?? []) names.set(grade.id, grade.name);
    for (const section of options?.sections ?? []) {
      const grade = options?.grades.find((g) => g.id === section.grade_id);
      names.set(section.id, grade ? sectionLabel(grade, section) : section.name);
    }
    for (const place of places ?? []) names.set(place.id, place.name);
    return names;
  }, [options, places]);
}
