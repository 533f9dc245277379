import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import { ssoRefusalMessage, ssoRefusals } from '../../../contract/ssoRefusals';
import { SsoButton } from '../../../src/features/auth/SsoButton';
import { SsoScreen } from '../../../src/features/auth/SsoScreen';
import { cacheProvider, readCachedProvider, ssoStartPath } from '../../../src/features/auth/ssoApi';
import { readExchangeSecret } from '../../../src/features/auth/ssoLanding';
import { translateServerMessage } from '../../../src/i18n/serverMessages';
import { session } from '../../../src/session/session';
import { fakeServer, json, member, quietServer, readyTenant, renderPublicPage } from './authTestKit';

beforeEach(readyTenant);
afterEach(async () => {
  quietServer();
  await session.signOut('forced');
});

describe('the way back from the provider', () => {
  it('reads the one-time secret from the fragment only', () => {
    expect(readExchangeSecret('#exchange=abc_DEF-123')).toBe('abc_DEF-123');
    expect(readExchangeSecret('exchange=abc')).toBe('abc');
    expect(readExchangeSecret('#other=1&exchange=xyz')).toBe('xyz');
    expect(readExchangeSecret('')).toBeNull();
    expect(readExchangeSecret('#exchange=')).toBeNull();
    expect(readExchangeSecret('#token=abc')).toBeNull();
  });

  it('takes the secret out of the address bar at once, trades it once and lands where the person was going', async () => {
    window.history.replaceState(null, '', '/auth/sso#exchange=one-time-secret');
    let answer: (response: Response) => void = () => undefined;
    const sent = fakeServer(({ path }) =>
      path === '/api/v1/sso/exchange' ? new Promise<Response>((resolve) => (answer = resolve)) : json({ message: 'Not found.' }, 404),
    );
    const router = renderPublicPage('auth/sso', <SsoScreen />, '/auth/sso');
    expect(await screen.findByRole('heading', { name: 'Signing you in', level: 1 })).toBeTruthy();
    // Gone before the server has answered: never in the history, a bookmark or a shared screen.
    expect(window.location.hash).toBe('');
    expect(window.location.pathname).toBe('/auth/sso');
    await vi.waitFor(() => expect(sent.filter((r) => r.path === '/api/v1/sso/exchange')).toHaveLength(1));
    expect(sent.find((r) => r.path === '/api/v1/sso/exchange')!.body).toEqual({ exchange: 'one-time-secret' });

    answer(json({ token: 'session-token', user: member, return_to: '/events?view=month' }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/events'));
    expect(router.state.location.search).toBe('?view=month');
    expect(session.getState().user?.email).toBe(member.email);
    // Asked once, whatever React did with the effects (StrictMode runs them twice).
    expect(sent.filter((r) => r.path === '/api/v1/sso/exchange')).toHaveLength(1);
  });

  it('says a used or expired secret cannot sign in, with a way back to the sign-in', async () => {
    window.history.replaceState(null, '', '/auth/sso#exchange=used-secret');
    fakeServer(() => json({ message: messages.ssoExpired, errors: { exchange: [messages.ssoExpired] } }, 422));
    renderPublicPage('auth/sso', <SsoScreen />, '/auth/sso');
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', translateServerMessage(i18n, messages.ssoExpired));
    fireEvent.click(screen.getByRole('link', { name: 'Back to sign in' }));
    expect((await screen.findByTestId('where')).textContent).toBe('/auth/login');
    expect(session.getState().user).toBeNull();
  });

  it('asks nothing without a secret', async () => {
    window.history.replaceState(null, '', '/auth/sso');
    const sent = fakeServer(() => json({}, 404));
    renderPublicPage('auth/sso', <SsoScreen />, '/auth/sso');
    expect(await screen.findByRole('heading', { name: 'The sign-in did not work', level: 1 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(messages.ssoExpired);
    expect(sent.filter((r) => r.path.startsWith('/api/v1/sso'))).toEqual([]);
  });

  it('offers to try again when the network failed, and the same secret then signs in', async () => {
    window.history.replaceState(null, '', '/auth/sso#exchange=kept-secret');
    let down = true;
    const sent = fakeServer(({ path }) => {
      if (path !== '/api/v1/sso/exchange') return json({}, 404);
      if (down) throw new TypeError('Failed to fetch');
      return json({ token: 'session-token', user: member, return_to: '/' });
    });
    const router = renderPublicPage('auth/sso', <SsoScreen />, '/auth/sso');
    const retry = await screen.findByRole('button', { name: 'Try again' });
    down = false;
    fireEvent.click(retry);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/app'));
    expect(sent.filter((r) => r.path === '/api/v1/sso/exchange').map((r) => r.body)).toEqual([{ exchange: 'kept-secret' }, { exchange: 'kept-secret' }]);
  });
});

describe('the sign-in page’s offer', () => {
  it('has a message in the contract for every refusal the server sends, and says to start again for an unknown one', () => {
    for (const [code, key] of Object.entries(ssoRefusals)) expect(ssoRefusalMessage(code)).toBe(messages[key]);
    expect(ssoRefusalMessage('unknown')).toBe(messages.ssoUnknownMember);
    expect(ssoRefusalMessage('provider_down')).toBe(messages.ssoProviderDown);
    expect(ssoRefusalMessage('something-newer')).toBe(messages.ssoExpired);
    expect(ssoRefusalMessage('toString')).toBe(messages.ssoExpired);
  });

  it('goes to the server’s start with where the person was going, and offline says it needs a connection', () => {
    const { rerender } = render(
      <I18nProvider i18n={i18n}>
        <SsoButton provider={{ displayName: 'Google Workspace' }} returnTo="/events?view=month" online />
      </I18nProvider>,
    );
    const link = screen.getByRole('link', { name: 'Sign in with Google Workspace' });
    expect(link.getAttribute('href')).toBe('/api/v1/sso/start?return_to=%2Fevents%3Fview%3Dmonth');
    expect(ssoStartPath('/app')).toBe('/api/v1/sso/start?return_to=%2Fapp');

    rerender(
      <I18nProvider i18n={i18n}>
        <SsoButton provider={{ displayName: 'Google Workspace' }} returnTo="/app" online={false} />
      </I18nProvider>,
    );
    expect(screen.queryByRole('link')).toBeNull();
    const button = screen.getByRole<HTMLButtonElement>('button', { name: 'Sign in with Google Workspace' });
    expect(button.disabled).toBe(true);
    expect(button.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(button.getAttribute('aria-describedby')!)!.textContent).toBe('Signing in with Google Workspace needs a connection.');
  });

  it('remembers the college’s provider on the device for an offline start', () => {
    expect(readCachedProvider('colinas')).toBeNull();
    cacheProvider('colinas', { displayName: 'Microsoft' });
    expect(readCachedProvider('colinas')).toEqual({ displayName: 'Microsoft' });
    expect(readCachedProvider('british')).toBeNull();
    cacheProvider('colinas', null);
    expect(readCachedProvider('colinas')).toBeNull();
  });
});
