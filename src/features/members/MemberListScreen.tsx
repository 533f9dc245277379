import { useLingui } from '@lingui/react/macro';
import { useCallback, useDeferredValue, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { usePendingStates } from '../../sync/hooks';
import { usePageMeta } from '../../tenant/usePageMeta';
import { LoadingState } from '../../ui/ScreenStates';
import { filterMembers, filtersFromParams, pageOf, paramsFromFilters, prepareMembers, type MemberFilters } from './memberList';
import { MemberListView } from './MemberListView';
import { useAllMembers, useMemberReference } from './memberQueries';
import { NotAllowed } from './MemberScreenStates';
import { useInvitations } from './useInvitations';
import { useMemberActions } from './useMemberActions';

/**
 * `/users`: the college's members from one live query, searched, filtered, sorted and paged
 * in memory. The filters live in the address (a link from home opens `?status=pending`);
 * what is typed in the search is the screen's own state, so each key redraws the list
 * straight away (deferred: typing never waits for the list), and reaches the address after
 * a pause (the history entry replaced, not a navigation).
 */
export function MemberListScreen() {
  const { t } = useLingui();
  const { user } = useSession();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const fromAddress = useMemo(() => filtersFromParams(params), [params]);
  const [q, setQ] = useState(fromAddress.filters.q);
  const [shownQ, setShownQ] = useState(fromAddress.filters.q);
  // The search this screen last wrote to the address: that one trails what is typed.
  const [sentQ, setSentQ] = useState<string | null>(null);
  // The address's search changed (back button, a link): show it. Our own write, landing
  // after more keys were typed, must not take them back.
  if (fromAddress.filters.q !== shownQ) {
    setShownQ(fromAddress.filters.q);
    if (fromAddress.filters.q !== sentQ) setQ(fromAddress.filters.q);
  }
  const deferredQ = useDeferredValue(q);
  const data = useAllMembers();
  const reference = useMemberReference();
  const pendingStates = usePendingStates('members');
  const actions = useMemberActions();
  const invitations = useInvitations();
  usePageMeta(t`User Roles`);

  const prepared = useMemo(() => prepareMembers(data?.rows ?? []), [data]);
  const filters = useMemo(() => ({ ...fromAddress.filters, q: deferredQ }), [fromAddress.filters, deferredQ]);
  const filtered = useMemo(() => filterMembers(prepared, filters), [prepared, filters]);
  // A new search starts at page 1.
  const page = deferredQ === fromAddress.filters.q ? fromAddress.page : 1;
  const shown = pageOf(filtered, page);

  const go = useCallback(
    (next: MemberFilters, target = 1) => {
      setSentQ(next.q.trim());
      const query = paramsFromFilters(next, target).toString();
      void navigate(`/users${query ? `?${query}` : ''}`, { replace: true });
    },
    [navigate],
  );

  // The search reaches the address after a pause, for the back button: the history entry is
  // replaced in place, without a navigation, so a link followed meanwhile (whose screen may
  // still be loading) is never undone by it. Only while the address is still the list's: the
  // list stays mounted while the next screen fades in, and must not write over its address.
  useEffect(() => {
    if (q === fromAddress.filters.q) return;
    const timer = setTimeout(() => {
      if (window.location.pathname !== '/users') return;
      const query = paramsFromFilters({ ...fromAddress.filters, q }, 1).toString();
      window.history.replaceState(window.history.state, '', `/users${query ? `?${query}` : ''}`);
    }, 400);
    return () => clearTimeout(timer);
  }, [q, fromAddress.filters]);

  if (!user || !can(user.role, 'users.manage')) return <NotAllowed />;
  if (!data || !reference) return <LoadingState label={t`Loading…`} />;

  return (
    <MemberListView
      rows={shown.items}
      total={filtered.length}
      all={data.rows.length}
      page={shown.page}
      pages={shown.pages}
      filters={{ ...fromAddress.filters, q }}
      shownQuery={deferredQ}
      reference={reference}
      selfId={user.id}
      pendingStates={pendingStates}
      initialSync={data.firstSyncPending}
      hrefFor={(target) => {
        const query = paramsFromFilters({ ...fromAddress.filters, q }, target).toString();
        return `/users${query ? `?${query}` : ''}`;
      }}
      onGoTo={(target) => go({ ...fromAddress.filters, q }, target)}
      onSearch={setQ}
      onFilters={(next) => go({ ...next, q })}
      onExport={() => void import('./memberCsv').then(({ downloadMembersCsv }) => downloadMembersCsv(filtered, { rows: data.rows, reference }))}
      actions={actions}
      invitations={invitations}
    />
  );
}
