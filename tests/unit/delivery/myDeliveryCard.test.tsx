import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import { translateServerMessage } from '../../../src/i18n/serverMessages';
import { MyDeliveryCard } from '../../../src/features/delivery/MyDeliveryCard';
import { ToastHost } from '../../../src/ui/ToastHost';
import { fakeServer, network, preferencesOf } from './deliveryServer';

const path = '/api/v1/profile/delivery-preferences';

function renderCard() {
  localStorage.setItem('token', 'test-token');
  render(
    <I18nProvider i18n={i18n}>
      <MyDeliveryCard />
      <ToastHost />
    </I18nProvider>,
  );
  return screen.getByRole('region', { name: 'How you are reached' });
}

let net: ReturnType<typeof network>;
beforeEach(() => (net = network()));
afterEach(() => vi.restoreAllMocks());

describe('"How you are reached" on the profile', () => {
  it('shows the modes in force, where emails go and that emergencies always come, and saves a choice', async () => {
    const asked = fakeServer(path, preferencesOf());
    const card = renderCard();
    const news = await within(card).findByRole<HTMLSelectElement>('combobox', { name: 'News' });
    expect(news.value).toBe('app');
    expect([...news.options].map((option) => option.text)).toEqual(['In the app only', 'By email as they are published', 'One email a day']);
    expect(within(card).getByText(/Emails go to/).textContent).toBe('Emails go to ana.perez@colinas.test.');
    expect(within(card).getByText('Emergency alerts always reach you at once, by every channel.')).toBeTruthy();
    expect(within(card).getByText('The daily email leaves at 18:00, in the school’s time zone.')).toBeTruthy();

    fireEvent.change(news, { target: { value: 'immediate' } });
    fireEvent.change(within(card).getByRole('combobox', { name: 'Events' }), { target: { value: 'digest' } });
    fireEvent.click(within(card).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Your choices are saved')).toBeTruthy();
    expect(asked.map((one) => `${one.method} ${one.path}`)).toEqual([`GET ${path}`, `PUT ${path}`]);
    expect(asked[1]?.body).toEqual({ posts: 'immediate', events: 'digest', notifications: 'app' });
    expect(within(card).getByRole<HTMLSelectElement>('combobox', { name: 'News' }).value).toBe('immediate');
  });

  it("shows the server's refusal next to its field", async () => {
    fakeServer(path, preferencesOf(), { errors: { notifications: [messages.deliveryModeInvalid] } });
    const card = renderCard();
    fireEvent.click(await within(card).findByRole('button', { name: 'Save' }));
    const error = await within(card).findByText(translateServerMessage(i18n, messages.deliveryModeInvalid));
    const select = within(card).getByRole('combobox', { name: 'Notifications' });
    expect(select.getAttribute('aria-invalid')).toBe('true');
    expect(select.getAttribute('aria-describedby')).toBe(error.closest('.field-error')?.id);
    expect(within(card).getByRole('combobox', { name: 'News' }).getAttribute('aria-invalid')).toBeNull();
  });

  it('says email comes anyway when none of their devices opened Patio lately', async () => {
    fakeServer(path, preferencesOf({ inactive: true, inactive_days: 7 }));
    const card = renderCard();
    expect(await within(card).findByText('None of your devices has opened Patio in the last 7 days, so you get email anyway.')).toBeTruthy();
  });

  it('says which emails they unsubscribed from, and how to get them again', async () => {
    fakeServer(path, preferencesOf({ inactive: true, unsubscribed: ['posts', 'events'] }));
    const card = renderCard();
    expect(
      await within(card).findByText(
        'You unsubscribed from the emails about news and events: they reach you in the app only, even when none of your devices has opened Patio lately. Choose email for them above to get them again.',
      ),
    ).toBeTruthy();
  });

  it('warns when mail to the address bounces, with when and why', async () => {
    fakeServer(path, preferencesOf({ bounce: { at: '2026-11-20T10:00:00.000Z', reason: '550 5.1.1 User unknown' } }));
    const card = renderCard();
    expect(await within(card).findByText('Email bounces')).toBeTruthy();
    const date = i18n.date(new Date('2026-11-20T10:00:00.000Z'), { dateStyle: 'medium' });
    expect(card.textContent).toContain(
      `On ${date} the mail server refused ana.perez@colinas.test. No more email is sent to it until you change your email address.`,
    );
    expect(card.textContent).toContain('Reason: 550 5.1.1 User unknown');
  });

  it('says only the app reaches a member without an email address', async () => {
    fakeServer(path, preferencesOf({ email: '', inactive: true }));
    const card = renderCard();
    expect(await within(card).findByText('You have no email address, so only the app reaches you.')).toBeTruthy();
    expect(within(card).queryByText(/so you get email anyway/)).toBeNull();
  });

  it('offline, says it needs a connection and asks nothing; back online, it loads', async () => {
    const asked = fakeServer(path, preferencesOf());
    net.set(false);
    const card = renderCard();
    expect(within(card).getByText('Connect to the internet to change how you are reached.')).toBeTruthy();
    expect(within(card).queryByRole('combobox')).toBeNull();
    expect(asked).toEqual([]);
    act(() => net.set(true));
    expect(await within(card).findByRole('combobox', { name: 'News' })).toBeTruthy();
    expect(within(card).queryByText('Connect to the internet to change how you are reached.')).toBeNull();
  });

  it('going offline keeps what was chosen, unsaved, and saving waits for the connection', async () => {
    const asked = fakeServer(path, preferencesOf());
    const card = renderCard();
    fireEvent.change(await within(card).findByRole('combobox', { name: 'Notifications' }), { target: { value: 'digest' } });
    act(() => net.set(false));
    expect(within(card).getByText('Connect to the internet to change how you are reached.')).toBeTruthy();
    expect(within(card).getByRole<HTMLSelectElement>('combobox', { name: 'Notifications' }).value).toBe('digest');
    expect(within(card).getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(true);
    act(() => net.set(true));
    // Read again on coming back (the same answer): the choice made meanwhile is still there.
    await vi.waitFor(() => expect(asked.filter((one) => one.method === 'GET')).toHaveLength(2));
    const save = within(card).getByRole<HTMLButtonElement>('button', { name: 'Save' });
    expect(within(card).getByRole<HTMLSelectElement>('combobox', { name: 'Notifications' }).value).toBe('digest');
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    expect(await screen.findByText('Your choices are saved')).toBeTruthy();
    expect(asked.at(-1)?.body).toEqual({ posts: 'app', events: 'app', notifications: 'digest' });
  });
});
