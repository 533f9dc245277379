import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useMemo, type ReactNode } from 'react';
import { can } from '../../contract/permissions';
import { useSession } from '../session/session';
import { useOutbox } from '../sync/hooks';
import { useNavCounts } from '../modules/navCounts';
import { adminEntriesFor, type NavEntry } from '../modules/uiModule';
import { useAppBadge } from '../pwa/appBadge';
import { uiModules } from '../registry/uiModules';
import { HomeIcon, OutboxIcon, ShieldIcon, UserIcon } from '../ui/icons';

export interface NavItem {
  to: string;
  end: boolean;
  label: string;
  icon: ReactNode;
  /** Marked current for every path under it (News: `/blog/...`), not only `to`. */
  section?: string;
  /** Marked current for these paths too (the administration: its screens' addresses). */
  alsoFor?: readonly string[];
  /** A number shown beside the label (unsent changes, unread notifications), and what it means in words. */
  count?: { value: number; label: string };
  order: number;
}

/** The features' navigation entries: the registry is fixed, so this is read once. */
const featureEntries: readonly NavEntry[] = uiModules.flatMap((module) => module.nav ?? []);

/**
 * Every entry the signed-in member's role may use, in order: Home, the features' entries,
 * one for the administration, the outbox and the profile. `readers` mounts the features'
 * count hooks (src/modules/navCounts.tsx).
 */
export function useNavItems(): { items: NavItem[]; readers: ReactNode } {
  const { i18n } = useLingui();
  const { user } = useSession();
  // The user's changes only (useOutbox leaves views out).
  const unsent = useOutbox().length;
  const role = user?.role;
  const entries = useMemo(() => featureEntries.filter((entry) => !entry.permission || can(role, entry.permission)), [role]);
  // One entry for the administration's screens, when the role may open any of them.
  const adminPaths = useMemo(() => adminEntriesFor(uiModules, role).map((entry) => entry.to), [role]);
  const { counts, readers } = useNavCounts(entries);
  const badged = entries.filter((entry) => entry.count?.appBadge && counts.has(entry.to));
  useAppBadge(badged.length > 0 ? badged.reduce((sum, entry) => sum + (counts.get(entry.to) ?? 0), 0) : undefined);
  const items: NavItem[] = [
    { to: '/app', end: true, label: i18n._(msg`Home`), icon: <HomeIcon />, order: 0 },
    ...entries.map(({ to, section, label, icon: Icon, order, count }) => {
      const value = counts.get(to) ?? 0;
      return {
        to,
        end: false,
        section,
        label: i18n._(label),
        icon: <Icon />,
        order,
        ...(count && value > 0 ? { count: { value, label: count.describe(i18n, value) } } : {}),
      };
    }),
    ...(adminPaths.length > 0 ? [{ to: '/admin', end: true, alsoFor: adminPaths, label: i18n._(msg`Administration`), icon: <ShieldIcon />, order: 850 }] : []),
    {
      to: '/app/outbox',
      end: false,
      label: i18n._(msg`Outbox`),
      icon: <OutboxIcon />,
      ...(unsent > 0 ? { count: { value: unsent, label: i18n._(msg`${plural(unsent, { one: '# change not sent', other: '# changes not sent' })}`) } } : {}),
      order: 900,
    },
    { to: '/app/profile', end: false, label: i18n._(msg`Profile`), icon: <UserIcon />, order: 1000 },
  ].sort((a, b) => a.order - b.order);
  return { items, readers };
}
