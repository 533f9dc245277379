import type { ReactNode } from 'react';
import type { College } from '../../../contract/college';

/** The frame of the sign-in, sign-up and reset screens: the school's picture beside a card. */
export function AuthCard({ college, title, subtitle, children }: { college: College; title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <div className="auth">
      <div className="auth-art" style={{ backgroundImage: `url("${college.image}")` }} aria-hidden="true">
        <div className="hero-scrim" />
        <img className="auth-art-logo" src={college.logo} alt="" width="72" height="72" />
        <p className="auth-art-name">
          <bdi>{college.name}</bdi>
        </p>
      </div>
      <section className="auth-card card" aria-labelledby="auth-title">
        <h1 id="auth-title" className="auth-title">
          {title}
        </h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
        {children}
      </section>
    </div>
  );
}
