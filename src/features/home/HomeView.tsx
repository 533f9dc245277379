import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';
import type { College } from '../../../contract/college';
import { formatLongDate } from '../../i18n/formatDate';
import { CalendarIcon, MailIcon, MapPinIcon, PhoneIcon } from '../../ui/icons';

export interface HomeViewProps {
  college: College;
  userName: string;
  locale: string;
  today: Date;
  /** The features' sections (latest news, coming events), composed in by the app (src/modules/uiModule.ts). */
  sections?: ReactNode;
}

/** "Inicio": a welcome, the latest news and the college's identity (campuses, contacts). */
export function HomeView({ college, userName, locale, today, sections }: HomeViewProps) {
  // Names keep their own direction inside a sentence of the interface (<bdi>).
  const name = <bdi>{userName.split(/\s+/)[0] ?? userName}</bdi>;
  const date = formatLongDate(today, locale);
  const collegeName = <bdi>{college.name}</bdi>;
  // An archived campus (docs/features/structure.md) is no longer one of the school's.
  const campuses = college.places.filter((place) => place.archived !== true);
  return (
    <div className="page">
      <section className="welcome" style={{ backgroundImage: `url("${college.image}")` }}>
        <div className="hero-scrim" />
        <div className="welcome-content">
          <p className="welcome-date with-icon">
            <CalendarIcon width={16} height={16} />
            <span>{date}</span>
          </p>
          <h1 className="welcome-title">
            <Trans>Welcome, {name}</Trans>
          </h1>
          <p className="welcome-lead">
            <Trans>This is your community at {collegeName}.</Trans>
          </p>
        </div>
      </section>

      {sections}

      <div className="home-grid">
        <section className="card identity" aria-labelledby="identity-title">
          <div className="identity-head">
            <img className="identity-logo" src={college.logo} alt="" width="64" height="64" />
            <div>
              <h2 id="identity-title" className="card-title">
                <bdi>{college.name}</bdi>
              </h2>
              {college.acronym ? (
                <p className="muted">
                  <bdi>{college.acronym}</bdi>
                </p>
              ) : null}
            </div>
          </div>
          <ul className="contact-list">
            {college.address ? (
              <li>
                <MapPinIcon />
                <span dir="auto">{[college.address, college.commune.name].filter(Boolean).join(', ')}</span>
              </li>
            ) : null}
            {college.phone ? (
              <li>
                <PhoneIcon />
                <a dir="ltr" href={`tel:${college.phone.replace(/\s/g, '')}`}>
                  {college.phone}
                </a>
              </li>
            ) : null}
            {college.email ? (
              <li>
                <MailIcon />
                <a dir="ltr" href={`mailto:${college.email}`}>
                  {college.email}
                </a>
              </li>
            ) : null}
          </ul>
        </section>

        <section className="card" aria-labelledby="campuses-title">
          <h2 id="campuses-title" className="card-title">
            <Trans>Campuses</Trans>
          </h2>
          {campuses.length > 0 ? (
            <ul className="place-list">
              {campuses.map((place) => (
                <li key={place.id} className="place">
                  <span className="place-icon">
                    <MapPinIcon />
                  </span>
                  <span dir="auto">
                    <strong>{place.name}</strong>
                    {place.address ? <span className="muted place-address">{place.address}</span> : null}
                  </span>
                </li>
              ))}
            </ul>
          ) : (
            <p className="muted">
              <Trans>No campuses listed yet.</Trans>
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
