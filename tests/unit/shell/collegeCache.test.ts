import { describe, expect, it, vi } from 'vitest';
import type { College } from '../../../contract/college';
import { collegeStorageKey, readCachedCollege, writeCachedCollege } from '../../../src/tenant/collegeCache';
import { readEmbeddedCollege } from '../../../src/tenant/embeddedCollege';

const colinas: College = {
  id: 'c1',
  slug: 'colinas',
  name: 'Colegio Las Colinas',
  short_name: 'Las Colinas',
  acronym: 'CLC',
  address: 'Av. Los Cerros 123',
  commune: { id: 'm1', name: 'Valparaíso' },
  email: 'contacto@colinas.test',
  phone: '+56 32 123 4567',
  language: 'es',
  image: '/colleges/colinas/hero.svg',
  image_menu: '/colleges/colinas/hero.svg',
  image_splash: '/colleges/colinas/hero.svg',
  logo: '/colleges/colinas/logo.svg',
  have_advertising: false,
  show_onboarding: false,
  app_status_publishing: 1,
  allow_signup: true,
  time_zone: 'America/Santiago',
  setting: { id: 's1', theme_color: '#0f766e' },
  places: [{ id: 'p1', name: 'Sede Cerro Alegre', address: 'Subida Ecuador 50' }],
  courses: [],
  grades: [],
  sections: [],
  created_at: '2026-01-01T00:00:00Z',
};

describe('the college cache for offline starts', () => {
  it('reads back the college it wrote', () => {
    writeCachedCollege(colinas);
    expect(readCachedCollege()).toEqual(colinas);
  });

  it('has nothing before the first visit', () => {
    expect(readCachedCollege()).toBeNull();
  });

  it('ignores a corrupt or foreign value instead of branding with it', () => {
    localStorage.setItem(collegeStorageKey, '{not json');
    expect(readCachedCollege()).toBeNull();
    localStorage.setItem(collegeStorageKey, JSON.stringify({ name: 'Half a college' }));
    expect(readCachedCollege()).toBeNull();
  });
});

describe('the college the server wrote into the page', () => {
  const embed = (text: string) => {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'patio-college';
    element.textContent = text;
    document.head.append(element);
    return element;
  };

  it('starts a first visit with it, without asking the server, and caches it for the next start', async () => {
    localStorage.clear();
    const element = embed(JSON.stringify(colinas).replace(/</g, '\\u003c'));
    const fetched = vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('offline'));
    try {
      vi.resetModules();
      const { startTenant, getTenant } = await import('../../../src/tenant/tenantStore');
      await expect(startTenant()).resolves.toEqual(colinas);
      expect(getTenant()).toEqual({ status: 'ready', college: colinas });
      expect(fetched).not.toHaveBeenCalled();
      expect(readCachedCollege()).toEqual(colinas);
    } finally {
      fetched.mockRestore();
      element.remove();
    }
  });

  it('is ignored when it is not a college', () => {
    const element = embed('{"name":"Half a college"}');
    expect(readEmbeddedCollege()).toBeNull();
    element.textContent = '{not json';
    expect(readEmbeddedCollege()).toBeNull();
    element.remove();
    expect(readEmbeddedCollege()).toBeNull();
  });
});
