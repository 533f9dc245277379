import { act, fireEvent, screen, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '@lingui/core';
import { MemberDetailScreen } from '../../../src/features/members/MemberDetailScreen';
import { aMember, renderRoutes, signInWithMembers } from '../members/membersTestKit';
import { fakeServer, network, preferencesOf } from './deliveryServer';

vi.setConfig({ testTimeout: 20_000 });

const routes = <Route path="/users/:id" element={<MemberDetailScreen />} />;

async function openMember(preferences = preferencesOf()) {
  const { user, db } = await signInWithMembers();
  const member = aMember({ name: 'Pedro', first_lastname: 'Soto', second_lastname: '', role: 'guardian', email: 'pedro.soto@colinas.test' });
  await db.members.put(member);
  const path = `/api/v1/admin/members/${member.id}/delivery-preferences`;
  const asked = fakeServer(path, preferences);
  renderRoutes(user.id, `/users/${member.id}`, routes);
  const card = await screen.findByRole('region', { name: 'How they are reached' });
  return { card, asked, path };
}

let net: ReturnType<typeof network>;
beforeEach(() => (net = network()));
afterEach(() => vi.restoreAllMocks());

describe("how a member is reached, on an administrator's member screen", () => {
  it('says a member who never signed in gets one email a day, and saves another choice for them', async () => {
    const { card, asked, path } = await openMember(
      preferencesOf({ email: 'pedro.soto@colinas.test', signed_in_ever: false, inactive: true, posts: 'digest', events: 'digest', notifications: 'digest' }),
    );
    expect(await within(card).findByText('Never signed in: gets one email a day unless you choose otherwise.')).toBeTruthy();
    expect(within(card).getByText(/Their emails go to/).textContent).toBe('Their emails go to pedro.soto@colinas.test.');
    expect(within(card).getByRole<HTMLSelectElement>('combobox', { name: 'News' }).value).toBe('digest');
    expect(within(card).queryByText('Email bounces')).toBeNull();

    fireEvent.change(within(card).getByRole('combobox', { name: 'Notifications' }), { target: { value: 'immediate' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved how Pedro Soto is reached')).toBeTruthy();
    expect(asked.filter((one) => one.path === path).map((one) => [one.method, one.body])).toEqual([
      ['GET', undefined],
      ['PUT', { posts: 'digest', events: 'digest', notifications: 'immediate' }],
    ]);
    // Chosen now: the default no longer applies.
    expect(await within(card).findByText('Never signed in.')).toBeTruthy();
  });

  it('warns clearly that their email bounces, with the reason and the date', async () => {
    const at = '2026-11-20T10:00:00.000Z';
    const { card } = await openMember(
      preferencesOf({ email: 'pedro.soto@colinas.test', bounce: { at, reason: '550 5.1.1 <pedro.soto@colinas.test>: Recipient address rejected' } }),
    );
    expect(await within(card).findByText('Email bounces')).toBeTruthy();
    const date = i18n.date(new Date(at), { dateStyle: 'medium' });
    expect(card.textContent).toContain(
      `On ${date} the mail server refused pedro.soto@colinas.test. No more email is sent to it until their email address changes.`,
    );
    expect(card.textContent).toContain('Reason: 550 5.1.1 <pedro.soto@colinas.test>: Recipient address rejected');
    expect(within(card).queryByText(/Never signed in/)).toBeNull();
  });

  it('says they unsubscribed from some emails, which only they can undo', async () => {
    const { card } = await openMember(preferencesOf({ unsubscribed: ['notifications'] }));
    expect(
      await within(card).findByText(
        'They unsubscribed from the emails about notifications: those reach them in the app only, whatever is chosen here. Only they can subscribe again, from their profile.',
      ),
    ).toBeTruthy();
  });

  it('offline, says it needs a connection', async () => {
    net.set(false);
    const { card, asked, path } = await openMember();
    expect(within(card).getByText('Connect to the internet to see or change how this member is reached.')).toBeTruthy();
    expect(within(card).queryByRole('combobox')).toBeNull();
    // Only this card's own request counts: the college's record may be refreshed when idle.
    expect(asked.filter((one) => one.path === path)).toEqual([]);
    act(() => net.set(true));
    expect(await within(card).findByRole('combobox', { name: 'Events' })).toBeTruthy();
  });
});
