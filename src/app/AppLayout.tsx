import './appLayout.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { useMemo, type MouseEvent, type ReactNode } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { can } from '../../contract/permissions';
import { useSession } from '../session/session';
import { Avatar } from '../ui/Avatar';
import { SyncStatus } from '../sync/SyncStatus';
import { useOutbox } from '../sync/hooks';
import { BackgroundWork } from '../modules/BackgroundWork';
import { useNavCounts } from '../modules/navCounts';
import { adminEntriesFor, type NavEntry } from '../modules/uiModule';
import { useAppBadge } from '../pwa/appBadge';
import { uiModules } from '../registry/uiModules';
import { HomeIcon, MoreIcon, OutboxIcon, ShieldIcon, UserIcon } from '../ui/icons';
import { CollegeBrand } from './CollegeBrand';
import { FadeOutlet } from './FadeOutlet';
import { PreferencesMenu } from './PreferencesMenu';
import { SignOutButton } from './SignOutButton';

interface NavItem {
  to: string;
  end: boolean;
  label: ReactNode;
  /** The phone tab bar's name, when the label is too long for it (NavEntry.shortLabel). */
  shortLabel?: string;
  icon: ReactNode;
  /** Marked current for every path under it (News: `/blog/...`), not only `to`. */
  section?: string;
  /** Marked current for these paths too (the administration: its screens' addresses). */
  alsoFor?: readonly string[];
  /** A number shown beside the label (unsent changes, unread notifications), and what it means in words. */
  count?: { value: number; label: ReactNode };
  order: number;
}

/** A link picked in "More" closes it (the popover stays open across a route change otherwise). */
const closePopover = (event: MouseEvent<HTMLElement>) => event.currentTarget.closest<HTMLElement>('[popover]')?.hidePopover();

/** The phone tab bar's places, "More" included when there are more entries. */
const maxTabs = 5;

/** The features' navigation entries: the registry is fixed, so this is read once. */
const featureEntries: readonly NavEntry[] = uiModules.flatMap((module) => module.nav ?? []);

/** Signed-in screens: app bar (nav inline on wide screens), tab bar at the bottom on phones. */
export function AppLayout() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const { pathname } = useLocation();
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
    { to: '/app', end: true, label: <Trans>Home</Trans>, icon: <HomeIcon />, order: 0 },
    ...entries.map(({ to, section, label, shortLabel, icon: Icon, order, count }) => {
      const value = counts.get(to) ?? 0;
      return {
        to,
        end: false,
        section,
        label: i18n._(label),
        ...(shortLabel ? { shortLabel: i18n._(shortLabel) } : {}),
        icon: <Icon />,
        order,
        ...(count && value > 0 ? { count: { value, label: count.describe(i18n, value) } } : {}),
      };
    }),
    ...(adminPaths.length > 0
      ? [{ to: '/admin', end: true, alsoFor: adminPaths, label: <Trans>Administration</Trans>, icon: <ShieldIcon />, order: 850 }]
      : []),
    {
      to: '/app/outbox',
      end: false,
      label: <Trans>Outbox</Trans>,
      icon: <OutboxIcon />,
      ...(unsent > 0 ? { count: { value: unsent, label: <Plural value={unsent} one="# change not sent" other="# changes not sent" /> } } : {}),
      order: 900,
    },
    { to: '/app/profile', end: false, label: <Trans>Profile</Trans>, icon: <UserIcon />, order: 1000 },
  ].sort((a, b) => a.order - b.order);
  // A phone's tab bar holds five: past that, the last ones go under "More" (a native
  // popover: no script to load), which is marked current when one of them is.
  const tabs = items.length > maxTabs ? items.slice(0, maxTabs - 1) : items;
  const more = items.length > maxTabs ? items.slice(maxTabs - 1) : [];
  const inSection = (item: NavItem) =>
    (item.section !== undefined && pathname.startsWith(item.section)) || (item.alsoFor?.some((path) => pathname.startsWith(path)) ?? false);
  const isCurrent = (item: NavItem) =>
    item.section ? pathname.startsWith(item.section) : item.end ? pathname === item.to || inSection(item) : pathname.startsWith(item.to);
  const moreCount = more.reduce((sum, item) => sum + (item.count?.value ?? 0), 0);
  const links = (className: string, short = false, shown: readonly NavItem[] = items, onPick?: (event: MouseEvent<HTMLElement>) => void) =>
    shown.map((item) => (
      <NavLink
        key={item.to}
        to={item.to}
        end={item.end}
        className={({ isActive }) => `${className} ${isActive || inSection(item) ? 'active' : ''}`}
        aria-current={inSection(item) ? 'page' : undefined}
        onClick={onPick}
      >
        {item.icon}
        <span>{short && item.shortLabel ? item.shortLabel : item.label}</span>
        {item.count ? (
          <span className="nav-count">
            <span aria-hidden="true">{item.count.value}</span>
            <span className="visually-hidden">{item.count.label}</span>
          </span>
        ) : null}
      </NavLink>
    ));
  return (
    <div className="app-shell">
      {readers}
      <BackgroundWork modules={uiModules} />
      <header className="topbar">
        <CollegeBrand to="/app" />
        <nav className="topnav" aria-label={t`Main`}>
          {links('topnav-link')}
        </nav>
        <div className="topbar-actions">
          <SyncStatus />
          <PreferencesMenu />
          {user ? (
            <NavLink to="/app/profile" className="topbar-avatar" aria-label={t`Profile`} title={user.name}>
              <Avatar name={user.name} src={user.avatar} size={32} />
            </NavLink>
          ) : null}
          <SignOutButton />
        </div>
      </header>
      <main id="main" className="app-main" tabIndex={-1}>
        <FadeOutlet />
      </main>
      <nav className="tabbar" aria-label={t`Main`}>
        {links('tabbar-link', true, tabs)}
        {more.length > 0 ? (
          <>
            <button type="button" className={`tabbar-link tabbar-more-button ${more.some(isCurrent) ? 'active' : ''}`} popoverTarget="tabbar-more">
              <MoreIcon />
              <span>
                <Trans>More</Trans>
              </span>
              {moreCount > 0 ? (
                <span className="nav-count">
                  <span aria-hidden="true">{moreCount}</span>
                  <span className="visually-hidden">
                    <Plural value={moreCount} one="# item waiting" other="# items waiting" />
                  </span>
                </span>
              ) : null}
            </button>
            <div id="tabbar-more" className="tabbar-more" popover="auto">
              {links('tabbar-more-link', false, more, closePopover)}
            </div>
          </>
        ) : null}
      </nav>
    </div>
  );
}
