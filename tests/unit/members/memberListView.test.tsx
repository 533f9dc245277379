import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { noFilters } from '../../../src/features/members/memberList';
import { MemberListView, type MemberListViewProps } from '../../../src/features/members/MemberListView';
import { aMember } from './membersTestKit';

const nothing = () => {};

function renderList(overrides: Partial<MemberListViewProps>) {
  const props: MemberListViewProps = {
    rows: [],
    total: 0,
    all: 0,
    page: 1,
    pages: 1,
    filters: noFilters,
    shownQuery: '',
    reference: { places: [], sections: [] },
    selfId: 'self',
    pendingStates: new Map(),
    initialSync: false,
    hrefFor: (page) => `/users?page=${page}`,
    onGoTo: nothing,
    onSearch: nothing,
    onFilters: nothing,
    onExport: nothing,
    actions: { approve: () => Promise.resolve(), reject: () => Promise.resolve() },
    invitations: { online: true, notSignedIn: 2, invite: () => Promise.resolve(true) },
    ...overrides,
  };
  render(
    <I18nProvider i18n={i18n}>
      <MemoryRouter>
        <MemberListView {...props} />
      </MemoryRouter>
    </I18nProvider>,
  );
}

const exportButton = () => screen.getByRole<HTMLButtonElement>('button', { name: 'Export CSV' });
const inviteAll = () => screen.getByRole<HTMLButtonElement>('button', { name: /Invite everyone not yet signed in/ });

describe('the members list’s counts and controls', () => {
  it('on a new device still downloading, shows no count and says why the export waits', () => {
    renderList({ initialSync: true });
    expect(screen.getByText('Downloading the members…')).toBeTruthy();
    expect(screen.getAllByRole('status').map((status) => status.textContent)).not.toContainEqual(expect.stringMatching(/members?$/));
    expect(exportButton().disabled).toBe(true);
    expect(exportButton().getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(exportButton().getAttribute('aria-describedby')!)?.textContent).toBe('You can export the members once they are downloaded.');
  });

  it('once known, counts the members and exports them; a search that finds none says there is nothing to export', () => {
    renderList({ rows: [aMember({ name: 'Nora' })], total: 1, all: 1 });
    expect(screen.getByRole('status').textContent).toBe('1 member');
    expect(exportButton().disabled).toBe(false);
    expect(exportButton().getAttribute('aria-describedby')).toBeNull();
  });

  it('says why the export is off when nothing matches, and why inviting everyone is off', () => {
    renderList({ total: 0, all: 12, invitations: { online: true, notSignedIn: 0, invite: () => Promise.resolve(true) } });
    expect(screen.getByRole('status').textContent).toBe('0 of 12 members');
    expect(screen.getByText('No member matches the filters: there is nothing to export.')).toBeTruthy();
    expect(inviteAll().disabled).toBe(true);
    expect(document.getElementById(inviteAll().getAttribute('aria-describedby')!)?.textContent).toBe('Everyone has signed in already.');
  });

  it('offline, says inviting needs a connection', () => {
    renderList({ total: 3, all: 3, invitations: { online: false, notSignedIn: null, invite: () => Promise.resolve(false) } });
    expect(inviteAll().disabled).toBe(true);
    expect(document.getElementById(inviteAll().getAttribute('aria-describedby')!)?.textContent).toBe('Inviting sends emails at once: it needs a connection.');
  });
});
