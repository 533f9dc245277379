import { Trans, useLingui } from '@lingui/react/macro';
import type { MouseEvent } from 'react';
import { NavLink, useLocation } from 'react-router-dom';
import { MoreIcon } from '../ui/icons';
import { CollegeBrand } from './CollegeBrand';
import type { NavItem } from './useNavItems';

/**
 * The signed-in navigation (docs/features/app-shell.md, "Layout and navigation"): every
 * entry of the role in a side bar on wide screens; on phones and tablets a tab bar with the
 * first four and "More" for the rest. Both are drawn and CSS shows one of them, so a
 * window resized across the switch keeps its place and nothing waits for a measure.
 */

/** The tab bar's places, "More" included when there are more entries. */
export const maxTabs = 5;

/** A link picked in "More" closes it (the popover stays open across a route change otherwise). */
const closePopover = (event: MouseEvent<HTMLElement>) => event.currentTarget.closest<HTMLElement>('[popover]')?.hidePopover();

function useCurrent() {
  const { pathname } = useLocation();
  const inSection = (item: NavItem) =>
    (item.section !== undefined && pathname.startsWith(item.section)) || (item.alsoFor?.some((path) => pathname.startsWith(path)) ?? false);
  const isCurrent = (item: NavItem) =>
    item.section ? pathname.startsWith(item.section) : item.end ? pathname === item.to || inSection(item) : pathname.startsWith(item.to);
  return { inSection, isCurrent };
}

/** A count as its badge shows it: up to 99, then "99+" (its words say the whole number), so a badge never outgrows its entry. */
export const countShown = (value: number): string => (value > 99 ? '99+' : String(value));

function NavLinks({ items, className, onPick }: { items: readonly NavItem[]; className: string; onPick?: (event: MouseEvent<HTMLElement>) => void }) {
  const { inSection } = useCurrent();
  return items.map((item) => (
    <NavLink
      key={item.to}
      to={item.to}
      end={item.end}
      className={({ isActive }) => `${className} ${isActive || inSection(item) ? 'active' : ''}`}
      aria-current={inSection(item) ? 'page' : undefined}
      onClick={onPick}
    >
      {item.icon}
      <span className="nav-label">{item.label}</span>
      {item.count ? (
        <span className="nav-count">
          <span aria-hidden="true">{countShown(item.count.value)}</span>
          <span className="visually-hidden">{item.count.label}</span>
        </span>
      ) : null}
    </NavLink>
  ));
}

/** Wide screens: the college at the top, then every entry, icon and label, one a row. */
export function SideBar({ items }: { items: readonly NavItem[] }) {
  const { t } = useLingui();
  return (
    <div className="sidebar">
      <CollegeBrand to="/app" />
      <nav className="sidebar-nav" aria-label={t`Main`}>
        <NavLinks items={items} className="sidebar-link" />
      </nav>
    </div>
  );
}

/**
 * Phones and tablets: four entries and "More" (a native popover: no script to load; Enter or
 * Space opens it, Escape closes it and focus goes back to the button). "More" is marked
 * current when one of its entries is; the counts of its entries show as a dot, and each is
 * said in its own words ("2 unread notifications, 1 change not sent"), never summed.
 */
export function TabBar({ items }: { items: readonly NavItem[] }) {
  const { t, i18n } = useLingui();
  const { isCurrent } = useCurrent();
  const tabs = items.length > maxTabs ? items.slice(0, maxTabs - 1) : items;
  const more = items.length > maxTabs ? items.slice(maxTabs - 1) : [];
  const waiting = more.flatMap((item) => (item.count ? [item.count.label] : []));
  return (
    <nav className="tabbar" aria-label={t`Main`}>
      <NavLinks items={tabs} className="tabbar-link" />
      {more.length > 0 ? (
        <>
          <button type="button" className={`tabbar-link tabbar-more-button ${more.some(isCurrent) ? 'active' : ''}`} popoverTarget="tabbar-more">
            <MoreIcon />
            <span className="nav-label">
              <Trans>More</Trans>
            </span>
            {waiting.length > 0 ? (
              <>
                <span className="nav-dot" aria-hidden="true" />{' '}
                <span className="visually-hidden">{new Intl.ListFormat(i18n.locale, { type: 'unit' }).format(waiting)}</span>
              </>
            ) : null}
          </button>
          <div id="tabbar-more" className="tabbar-more" popover="auto">
            <NavLinks items={more} className="tabbar-more-link" onPick={closePopover} />
          </div>
        </>
      ) : null}
    </nav>
  );
}
