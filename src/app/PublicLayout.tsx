import { Trans } from '@lingui/react/macro';
import { useCollege } from '../tenant/tenantStore';
import { CollegeBrand } from './CollegeBrand';
import { FadeOutlet } from './FadeOutlet';
import { OfflineIndicator } from './OfflineIndicator';
import { PreferencesMenu } from './PreferencesMenu';

/** Landing, sign-in, sign-up, reset and not-found: brand, language and theme only. */
export function PublicLayout() {
  const college = useCollege();
  const year = new Date().getFullYear();
  const name = <bdi>{college.name}</bdi>;
  return (
    <div className="public-shell">
      <header className="topbar topbar-public">
        <CollegeBrand to="/" />
        <div className="topbar-actions">
          <OfflineIndicator />
          <PreferencesMenu />
        </div>
      </header>
      <main id="main" className="public-main" tabIndex={-1}>
        <FadeOutlet />
      </main>
      <footer className="public-footer">
        <Trans>
          © {year} {name} · Powered by Patio
        </Trans>
      </footer>
    </div>
  );
}
