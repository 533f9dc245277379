import { Trans } from '@lingui/react/macro';
import { Link } from 'react-router-dom';
import type { College } from '../../../contract/college';
import { Button, buttonClass } from '../../ui/Button';
import { CheckCircleIcon, DownloadIcon } from '../../ui/icons';

export interface LandingViewProps {
  college: College;
  install: 'available' | 'installed' | 'manual';
  onInstall: () => void;
}

/** The college's public front door: who it is, sign in, install. */
export function LandingView({ college, install, onInstall }: LandingViewProps) {
  // The college's name keeps its own direction, in the interface's layout.
  const name = <bdi>{college.name}</bdi>;
  return (
    <div className="landing">
      <section className="hero" style={{ backgroundImage: `url("${college.image}")` }}>
        <div className="hero-scrim" />
        <div className="hero-content">
          <img className="hero-logo" src={college.logo} alt="" width="88" height="88" />
          <h1 className="hero-title">{name}</h1>
          <p className="hero-lead">
            <Trans>News, events, documents and messages from your school, in one app that also works offline.</Trans>
          </p>
          <div className="hero-actions">
            <Link to="/auth/login" className={buttonClass('primary')}>
              <Trans>Sign in</Trans>
            </Link>
            {install === 'available' ? (
              <Button variant="secondary" onClick={onInstall}>
                <DownloadIcon />
                <Trans>Install the app</Trans>
              </Button>
            ) : null}
            {college.allow_signup ? (
              <Link to="/auth/signup-no" className={buttonClass('ghost')}>
                <Trans>Create an account</Trans>
              </Link>
            ) : null}
          </div>
        </div>
      </section>
      <section className="landing-install card" aria-labelledby="install-title">
        <h2 id="install-title">
          <Trans>Take {name} with you</Trans>
        </h2>
        {install === 'installed' ? (
          <p className="with-icon">
            <CheckCircleIcon />
            <Trans>The app is installed on this device.</Trans>
          </p>
        ) : (
          <ul className="install-steps">
            <li>
              <Trans>On Android or a computer: open your browser's menu and choose "Install app".</Trans>
            </li>
            <li>
              <Trans>On iPhone or iPad: tap Share, then "Add to Home Screen".</Trans>
            </li>
          </ul>
        )}
      </section>
    </div>
  );
}
