import { i18n } from '@lingui/core';
import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import { InvitationScreen } from '../../../src/features/auth/InvitationScreen';
import { translateServerMessage } from '../../../src/i18n/serverMessages';
import { session } from '../../../src/session/session';
import { fakeServer, json, member, quietServer, readyTenant, renderPublicPage, type SentRequest } from './authTestKit';

beforeEach(readyTenant);
afterEach(async () => {
  quietServer();
  await session.signOut('forced');
});

const invitation = { first_name: 'Antonia', email: 'antonia.riquelme@colinas.test', college: 'Colegio Las Colinas' };
const invalid = () => json({ message: messages.invitationInvalid, errors: { token: [messages.invitationInvalid] } }, 422);

/** The invitation routes as the server answers a live link, used by its first accept (or by `state.used`). */
function invitationServer({ provider = null as { displayName: string } | null } = {}) {
  const state = { used: false };
  const sent = fakeServer(({ path }: SentRequest) => {
    if (path === '/api/v1/sso/provider') return json({ provider });
    if (path === '/api/v1/invitations/lookup') return state.used ? invalid() : json(invitation);
    if (path === '/api/v1/invitations/accept') {
      if (state.used) return invalid();
      state.used = true;
      return json({ token: 'session-token', user: member });
    }
    return json({ message: 'Not found.' }, 404);
  });
  return Object.assign(sent, { state });
}

/** A paragraph by its whole text (names and addresses sit in their own <bdi>). */
const paragraph = (text: string) => screen.getByText((_, element) => element?.tagName === 'P' && element.textContent === text);

const open = (token = 'live-token') => renderPublicPage('auth/invitation', <InvitationScreen />, `/auth/invitation?token=${token}`);

function choose(password: string, confirmation = password) {
  fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm new password'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Save password and sign in' }));
}

describe('the invitation page', () => {
  it('welcomes the person by name, says the school and the address, and signs them in with the password they choose', async () => {
    const sent = invitationServer();
    const router = open();
    expect(await screen.findByRole('heading', { name: 'Welcome, Antonia', level: 1 })).toBeTruthy();
    expect(paragraph('Colegio Las Colinas invited you. Choose a password for antonia.riquelme@colinas.test.')).toBeTruthy();
    expect(sent.find((r) => r.path === '/api/v1/invitations/lookup')!.body).toEqual({ token: 'live-token' });

    // The reset's rules, checked on the device first.
    choose('short');
    expect(await screen.findByText(translateServerMessage(i18n, messages.passwordMin))).toBeTruthy();
    choose('a-long-password', 'another-password');
    expect(await screen.findByText(translateServerMessage(i18n, messages.passwordMismatch))).toBeTruthy();
    expect(sent.filter((r) => r.path === '/api/v1/invitations/accept')).toEqual([]);

    choose('a-long-password');
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(sent.find((r) => r.path === '/api/v1/invitations/accept')!.body).toEqual({
      token: 'live-token',
      password: 'a-long-password',
      password_confirmation: 'a-long-password',
    });
    expect(session.getState().user?.email).toBe(member.email);
  });

  it('says a used, replaced or expired link cannot be used, to ask the school for a new one, with a way to sign in', async () => {
    const sent = fakeServer(({ path }) => (path === '/api/v1/invitations/lookup' ? invalid() : json({ provider: null })));
    open('used-token');
    expect(await screen.findByRole('heading', { name: 'This invitation cannot be used', level: 1 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(translateServerMessage(i18n, messages.invitationInvalid));
    expect(screen.getByRole('alert').textContent).toContain('Ask the school for a new one.');
    fireEvent.click(screen.getByRole('link', { name: 'Go to sign in' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/auth/login');
    expect(sent.filter((r) => r.path === '/api/v1/invitations/accept')).toEqual([]);
  });

  it('says so without asking the server when the link has no token', async () => {
    const sent = fakeServer(() => json({ provider: null }));
    renderPublicPage('auth/invitation', <InvitationScreen />, '/auth/invitation');
    expect(await screen.findByRole('heading', { name: 'This invitation cannot be used', level: 1 })).toBeTruthy();
    expect(sent.filter((r) => r.path.startsWith('/api/v1/invitations'))).toEqual([]);
  });

  it('offers the school’s single sign-on beside the password, and a link used meanwhile shows the invalid-link message', async () => {
    const { state } = invitationServer({ provider: { displayName: 'Google Workspace' } });
    open();
    expect(await screen.findByRole('heading', { name: 'Welcome, Antonia', level: 1 })).toBeTruthy();
    const sso = await screen.findByRole('link', { name: 'Sign in with Google Workspace' });
    expect(sso.getAttribute('href')).toBe('/api/v1/sso/start?return_to=%2Fapp');
    expect(paragraph('Do you use Google Workspace at school? Sign in with it and you need no password.')).toBeTruthy();

    // Another tab used it first.
    state.used = true;
    choose('a-long-password');
    const heading = await screen.findByRole('heading', { name: 'This invitation cannot be used', level: 1 });
    expect(within(heading.closest('section')!).getByRole('alert').textContent).toContain('Ask the school for a new one.');
    expect(session.getState().user).toBeNull();
  });
});
