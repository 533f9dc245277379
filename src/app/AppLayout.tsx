import { Trans, useLingui } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router-dom';
import { LanguageSelect } from '../i18n/LanguageSelect';
import { useSession } from '../session/session';
import { ThemeToggle } from '../theme/ThemeToggle';
import { Avatar } from '../ui/Avatar';
import { HomeIcon, UserIcon } from '../ui/icons';
import { CollegeBrand } from './CollegeBrand';
import { FadeOutlet } from './FadeOutlet';
import { OfflineIndicator } from './OfflineIndicator';
import { SignOutButton } from './SignOutButton';

interface NavItem {
  to: string;
  end: boolean;
  label: ReactNode;
  icon: ReactNode;
}

/** Signed-in screens: app bar (nav inline on wide screens), tab bar at the bottom on phones. */
export function AppLayout() {
  const { t } = useLingui();
  const { user } = useSession();
  const items: NavItem[] = [
    { to: '/app', end: true, label: <Trans>Home</Trans>, icon: <HomeIcon /> },
    { to: '/app/profile', end: false, label: <Trans>Profile</Trans>, icon: <UserIcon /> },
  ];
  const links = (className: string) =>
    items.map((item) => (
      <NavLink key={item.to} to={item.to} end={item.end} className={className}>
        {item.icon}
        <span>{item.label}</span>
      </NavLink>
    ));
  return (
    <div className="app-shell">
      <header className="topbar">
        <CollegeBrand to="/app" />
        <nav className="topnav" aria-label={t`Main`}>
          {links('topnav-link')}
        </nav>
        <div className="topbar-actions">
          <OfflineIndicator />
          <LanguageSelect compact />
          <ThemeToggle />
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
        {links('tabbar-link')}
      </nav>
    </div>
  );
}
