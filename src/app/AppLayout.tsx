import './appLayout.css';
import { useLingui } from '@lingui/react/macro';
import { NavLink } from 'react-router-dom';
import { useSession } from '../session/session';
import { Avatar } from '../ui/Avatar';
import { SyncStatus } from '../sync/SyncStatus';
import { BackgroundWork } from '../modules/BackgroundWork';
import { uiModules } from '../registry/uiModules';
import { SideBar, TabBar } from './AppNavigation';
import { CollegeBrand } from './CollegeBrand';
import { FadeOutlet } from './FadeOutlet';
import { PreferencesMenu } from './PreferencesMenu';
import { SignOutButton } from './SignOutButton';
import { useNavItems } from './useNavItems';

/**
 * Signed-in screens: the side bar with every entry on wide screens, the app bar (the
 * college on narrow screens, sync status, language and theme, profile, sign out) above the
 * screen, and the tab bar at the bottom on phones and tablets (src/app/AppNavigation.tsx).
 */
export function AppLayout() {
  const { t } = useLingui();
  const { user } = useSession();
  const { items, readers } = useNavItems();
  return (
    <div className="app-shell">
      {readers}
      <BackgroundWork modules={uiModules} />
      <SideBar items={items} />
      <div className="app-column">
        <header className="topbar">
          <CollegeBrand to="/app" />
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
      </div>
      <TabBar items={items} />
    </div>
  );
}
