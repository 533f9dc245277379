import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import type { College } from '../../../contract/college';
import { HomeView } from '../../../src/features/home/HomeView';

const college: College = {
  id: 'college-1',
  slug: 'colinas',
  name: 'Colegio Las Colinas',
  short_name: 'Colinas',
  acronym: 'CLC',
  address: '',
  commune: { id: 'c1', name: 'Valparaíso' },
  email: '',
  phone: '',
  language: 'es',
  image: '/img/hero.png',
  image_menu: '/img/menu.png',
  image_splash: '/img/splash.png',
  logo: '/img/logo.png',
  have_advertising: false,
  show_onboarding: false,
  app_status_publishing: 1,
  allow_signup: false,
  time_zone: 'America/Santiago',
  setting: { id: 's1', theme_color: '#1d4ed8' },
  places: [
    { id: 'p1', name: 'Sede Alta', address: 'Camino 1' },
    { id: 'p2', name: 'Sede Antigua', address: 'Calle 2', archived: true },
  ],
  courses: [],
  grades: [],
  sections: [],
  created_at: '2026-01-01T00:00:00.000Z',
};

describe("home's campuses", () => {
  it('lists the campuses, not an archived one', () => {
    render(
      <I18nProvider i18n={i18n}>
        <MemoryRouter>
          <HomeView college={college} userName="Ana Rojas" locale="en" today={new Date('2026-03-02T12:00:00Z')} sections={[]} />
        </MemoryRouter>
      </I18nProvider>,
    );
    expect(screen.getByText('Sede Alta')).toBeTruthy();
    expect(screen.queryByText('Sede Antigua')).toBeNull();
  });
});
