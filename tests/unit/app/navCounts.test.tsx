import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { TabBar } from '../../../src/app/AppNavigation';
import type { NavItem } from '../../../src/app/useNavItems';

const item = (value: number): NavItem => ({
  to: '/messenger',
  end: false,
  label: 'Messages',
  icon: null,
  count: { value, label: `${value} unread messages` },
  order: 250,
});

function show(Bar: typeof TabBar, value: number) {
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter initialEntries={['/app']}>
        <Bar items={[item(value)]} />
      </MemoryRouter>
    </I18nProvider>,
  );
  return screen.getByRole('link', { name: new RegExp(`${value} unread messages`) });
}

describe("the navigation's counts", () => {
  it('show a count up to 99 as it is', () => {
    const link = show(TabBar, 99);
    expect(link.querySelector('.nav-count [aria-hidden="true"]')?.textContent).toBe('99');
  });

  it('show "99+" above 99 (a tab is 72 px wide on a phone), and say the whole number in words', () => {
    const link = show(TabBar, 131);
    expect(link.querySelector('.nav-count [aria-hidden="true"]')?.textContent).toBe('99+');
    expect(link.textContent).toContain('131 unread messages');
  });
});
