import { i18n, type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import { DeliveryReport } from '../../../src/delivery/DeliveryReport';
import { aReport, fakeDeliveryServer, figure, findDeliverySection } from './deliveryTestKit';

function renderReport(onServer = true) {
  localStorage.setItem('token', 'test-token');
  return render(
    <I18nProvider i18n={i18n}>
      <DeliveryReport kind="post" id="item-1" onServer={onServer} headingLevel={2} />
    </I18nProvider>,
  );
}

let online = true;
beforeEach(() => {
  online = true;
  vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
});
afterEach(() => {
  vi.restoreAllMocks();
  i18n.loadAndActivate({ locale: 'en', messages: {} });
});

describe('an item’s delivery report', () => {
  it('shows every figure, and who was not reached with their role and why', async () => {
    const server = fakeDeliveryServer();
    renderReport();
    const section = await findDeliverySection();
    await within(section).findByText('Opened from the email');
    expect(server.asked[0]).toBe('GET /api/v1/deliveries/post/item-1');
    expect(within(section).getByRole('heading', { level: 2, name: 'Delivery' })).toBeTruthy();
    expect(figure(section, 'Addressed to')).toBe('40');
    expect(figure(section, 'Read in the app')).toBe('12');
    expect(figure(section, 'Pushed to a device')).toBe('30');
    expect(figure(section, 'Emailed')).toBe('9');
    expect(figure(section, 'Opened from the email')).toBe('4');
    expect(figure(section, 'Email still to leave')).toBe('6');
    expect(within(section).getByText('Queued, or in today’s digest')).toBeTruthy();
    expect(figure(section, 'Email failed')).toBe('1');
    expect(figure(section, 'Not reached')).toBe('2');
    // Nothing was left unsent for want of a mail server: neither the figure nor the note.
    expect(figure(section, 'Not sent: no mail server configured')).toBeNull();
    expect(within(section).queryByText(/no mail server configured: emails are recorded/)).toBeNull();

    const unreached = within(section).getByRole('region', { name: 'Not reached' });
    const rows = within(unreached).getAllByRole('listitem');
    expect(rows.map((row) => row.textContent)).toEqual([
      'María José Fernández de la Cruz Valenzuela Guardian No email address',
      'Pedro Soto Student Email bounces',
    ]);
    // A name is written in its own direction (an Arabic name in a Spanish list, and back).
    expect(within(unreached).getByText('Pedro Soto').getAttribute('dir')).toBe('auto');
    expect(within(section).getByRole('button', { name: 'Send again to those who have not read it (28)' })).toBeTruthy();
    // The figures are announced politely, without the time (which changes at every refresh).
    expect(within(section).getByText('Read in the app by 12 of 40; not reached: 2.').getAttribute('role')).toBe('status');
  });

  it('says who was not reached because they unsubscribed from these emails', async () => {
    fakeDeliveryServer(aReport({ not_reached: 1, not_reached_members: [{ user_id: 'u-3', name: 'Rosa Quispe', role: 'guardian', reason: 'unsubscribed' }] }));
    renderReport();
    const section = await findDeliverySection();
    const unreached = await within(section).findByRole('region', { name: 'Not reached' });
    expect(
      within(unreached)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual(['Rosa Quispe Guardian Unsubscribed from these emails']);
  });

  it('says an item published before deliveries were counted has no figures, instead of a board of zeros', async () => {
    const zero = { addressed_to: 0, seen: 0, pushed: 0, emailed: 0, opened_from_email: 0, email_waiting: 0, email_failed: 0, not_reached: 0, unread: 0 };
    fakeDeliveryServer(aReport({ ...zero, state: 'untracked', not_reached_members: [] }));
    renderReport();
    const section = await findDeliverySection();
    expect(await within(section).findByText('No delivery figures for this one: it was published before Patio counted deliveries.')).toBeTruthy();
    expect(figure(section, 'Addressed to')).toBeNull();
    expect(within(section).queryByText('Everyone it was addressed to has read it.')).toBeNull();
    expect(within(section).queryByRole('button')).toBeNull();
  });

  it('says whom it reaches is being worked out while it is planned, and that it reaches nobody when so', async () => {
    const zero = { addressed_to: 0, seen: 0, pushed: 0, emailed: 0, opened_from_email: 0, email_waiting: 0, email_failed: 0, not_reached: 0, unread: 0 };
    fakeDeliveryServer(aReport({ ...zero, state: 'planning', not_reached_members: [] }));
    renderReport();
    const section = await findDeliverySection();
    expect((await within(section).findByText('Working out whom it reaches…')).getAttribute('role')).toBe('status');
    cleanup();
    fakeDeliveryServer(aReport({ ...zero, state: 'planned', not_reached_members: [] }));
    renderReport();
    expect(await within(await findDeliverySection()).findByText('It is addressed to nobody at the moment.')).toBeTruthy();
  });

  it('says emails are recorded, not sent, when the school has no mail server, with how many', async () => {
    fakeDeliveryServer(aReport({ emailed: 0, email_not_sent: 25, mail_configured: false }));
    renderReport();
    const section = await findDeliverySection();
    expect(await within(section).findByText('The school has no mail server configured: emails are recorded, not sent.')).toBeTruthy();
    expect(figure(section, 'Not sent: no mail server configured')).toBe('25');
    expect(figure(section, 'Emailed')).toBe('0');
  });

  it('lists the first 200 of more not reached, and says so', async () => {
    const members = Array.from({ length: 200 }, (_, i) => ({ user_id: `u-${i}`, name: `Member ${i}`, role: 'staff', reason: 'no_email' as const }));
    fakeDeliveryServer(aReport({ not_reached: 260, not_reached_members: members }));
    renderReport();
    const section = await findDeliverySection();
    expect(await within(section).findByText('The first 200 of 260 are listed.')).toBeTruthy();
    expect(within(within(section).getByRole('region', { name: 'Not reached' })).getAllByRole('listitem')).toHaveLength(200);
  });

  it('reads in Arabic, names keeping their own direction', async () => {
    const { messages: ar } = (await import('../../../src/locales/ar/messages.po')) as { messages: Messages };
    i18n.loadAndActivate({ locale: 'ar', messages: ar });
    fakeDeliveryServer();
    renderReport();
    const section = await screen.findByRole('region', { name: 'التسليم' });
    await waitFor(() => expect(figure(section, 'فُتح من البريد الإلكتروني')).toBe('4'));
    expect(figure(section, 'لم يصل إليهم')).toBe('2');
    const unreached = within(section).getByRole('region', { name: 'لم يصل إليهم' });
    expect(within(unreached).getByText('لا يوجد عنوان بريد إلكتروني')).toBeTruthy();
    expect(within(unreached).getByText('María José Fernández de la Cruz Valenzuela').getAttribute('dir')).toBe('auto');
  });

  it('asks nothing while the item is still in the outbox', async () => {
    const server = fakeDeliveryServer();
    renderReport(false);
    const section = await findDeliverySection();
    expect(within(section).getByText('The delivery figures appear once it has reached the server.')).toBeTruthy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.asked).toEqual([]);
  });
});

describe('keeping the figures up to date', () => {
  it('asks again every 5 s while the page is visible, and not while it is hidden', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const setVisibility = (state: DocumentVisibilityState) => {
      Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
      act(() => void document.dispatchEvent(new Event('visibilitychange')));
    };
    try {
      const server = fakeDeliveryServer();
      renderReport();
      await vi.advanceTimersByTimeAsync(10);
      expect(server.asked).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(5000);
      expect(server.asked).toHaveLength(2);
      setVisibility('hidden');
      await vi.advanceTimersByTimeAsync(20_000);
      expect(server.asked).toHaveLength(2);
      expect(screen.getByText(/^Figures as of .+\.$/)).toBeTruthy();
      setVisibility('visible');
      await vi.advanceTimersByTimeAsync(10);
      expect(server.asked).toHaveLength(3);
    } finally {
      vi.useRealTimers();
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
    }
  });
});

describe('the delivery report offline', () => {
  it('says the figures need a connection, and asks nothing', async () => {
    online = false;
    const server = fakeDeliveryServer();
    renderReport();
    const section = await findDeliverySection();
    expect(within(section).getByRole('status').textContent).toBe('The delivery figures need a connection.');
    expect(within(section).queryByRole('button')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.asked).toEqual([]);
  });

  it('keeps the last figures with their time when the connection goes, and cannot send again then', async () => {
    fakeDeliveryServer();
    renderReport();
    const section = await findDeliverySection();
    await within(section).findByText('Opened from the email');
    expect(within(section).getByText(/^Updated .*, and every few seconds while this is open\.$/)).toBeTruthy();

    online = false;
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(await within(section).findByText(/^The delivery figures need a connection\. These are the figures of .+\.$/)).toBeTruthy();
    expect(within(section).getByText(/^Figures as of .+\.$/)).toBeTruthy();
    expect(figure(section, 'Read in the app')).toBe('12');
    expect(within(section).getByRole<HTMLButtonElement>('button', { name: /^Send again/ }).disabled).toBe(true);
  });
});

describe('sending again to those who have not read it', () => {
  it('shows what the server did, and asks for the figures again', async () => {
    const server = fakeDeliveryServer();
    renderReport();
    const section = await findDeliverySection();
    fireEvent.click(await within(section).findByRole('button', { name: 'Send again to those who have not read it (28)' }));
    expect(await within(section).findByText('Sent again. Pushed: 28. Emailed: 20.')).toBeTruthy();
    expect(server.asked.slice(0, 2)).toEqual(['GET /api/v1/deliveries/post/item-1', 'POST /api/v1/deliveries/post/item-1/remind']);
    await waitFor(() => expect(server.asked[2]).toBe('GET /api/v1/deliveries/post/item-1'));
  });

  it('shows the server’s refusal within ten minutes, in the reader’s language', async () => {
    const { messages: es } = (await import('../../../src/locales/es/messages.po')) as { messages: Messages };
    i18n.loadAndActivate({ locale: 'es', messages: es });
    const server = fakeDeliveryServer(aReport({ reminded_at: '2026-11-20T12:00:00.000Z' }));
    server.remind = { status: 409, message: messages.deliveryRemindedRecently };
    renderReport();
    const section = await screen.findByRole('region', { name: 'Entrega' });
    expect(within(section).getByText(/^Último reenvío: /)).toBeTruthy();
    fireEvent.click(await within(section).findByRole('button', { name: 'Reenviar a quienes aún no lo han leído (28)' }));
    const refusal = await within(section).findByRole('alert');
    expect(refusal.textContent).toBe('No se reenvió: Se reenvió hace menos de 10 minutos. Inténtalo de nuevo más tarde.');
  });

  it('cannot be used when everyone has read it', async () => {
    fakeDeliveryServer(aReport({ unread: 0, seen: 40, not_reached: 0, not_reached_members: [] }));
    renderReport();
    const section = await findDeliverySection();
    expect(await within(section).findByText('Everyone it was addressed to has read it.')).toBeTruthy();
    expect(within(section).getByRole<HTMLButtonElement>('button', { name: 'Send again to those who have not read it (0)' }).disabled).toBe(true);
    expect(within(section).queryByRole('region', { name: 'Not reached' })).toBeNull();
  });
});
