import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { AdminEntry } from '../../modules/uiModule';
import { usePageMeta } from '../../tenant/usePageMeta';
import { BackTo } from '../../ui/ScreenStates';
import './administration.css';

/**
 * `/admin`: the administration's screens the member may open (the features declare them,
 * UiModule.admin), one card each. The navigation has one "Administration" entry for them
 * all, so an administrator's bar does not grow with every screen of theirs.
 */
export function AdministrationScreen({ entries }: { entries: readonly AdminEntry[] }) {
  const { t, i18n } = useLingui();
  usePageMeta(t`Administration`);
  if (entries.length === 0)
    return (
      <BackTo to="/app" linkLabel={<Trans>Back to home</Trans>}>
        <Trans>This page is for administrators.</Trans>
      </BackTo>
    );
  return (
    <div className="page administration-page">
      <header className="page-header">
        <h1>
          <Trans>Administration</Trans>
        </h1>
      </header>
      <ul className="administration-list">
        {entries.map(({ to, label, description, icon: Icon }) => (
          <li key={to}>
            <Link className="card administration-entry" to={to}>
              <Icon className="icon administration-icon" width={28} height={28} />
              <span className="administration-text">
                <span className="administration-label">{i18n._(label)}</span>
                <span className="administration-description">{i18n._(description)}</span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
