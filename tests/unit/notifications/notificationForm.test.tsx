import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createNotificationArgs } from '../../../contract/notifications';
import { notificationsUser, renderNewNotification } from './notificationsTestKit';

// Screens rendered whole (the form with its pickers and dialog) on a busy 2-core machine: a slow start, not a failure.
vi.setConfig({ testTimeout: 20_000 });

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** The server's audience count (POST /api/v1/audience/reach), at the network boundary; records what was asked. */
function fakeReach(reach: { total: number; students: number; guardians: number; staff: number }) {
  const asked: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    // Anything else (the college's re-check, the sync) finds no network: the device keeps what it has.
    if (!new URL(request.url).pathname.endsWith('/api/v1/audience/reach')) throw new TypeError('Failed to fetch');
    asked.push(await request.json());
    return json(reach);
  });
  return asked;
}

/** The texts that describe a control (its error, its counter), by id. */
const descriptionOf = (element: HTMLElement): string =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

beforeEach(() => {
  localStorage.setItem('token', 'test-token');
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
});
afterEach(() => vi.restoreAllMocks());

describe('the new-notification form', () => {
  it('shows every message at once on its field, focuses the first and queues nothing', async () => {
    fakeReach({ total: 0, students: 0, guardians: 0, staff: 0 });
    const { user, db } = await notificationsUser('staff');
    renderNewNotification(user.id);
    fireEvent.click(await screen.findByRole('button', { name: 'Review and send' }));

    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Title'))).toContain('The title is required.'));
    expect(descriptionOf(screen.getByLabelText('Message'))).toContain('The message is required.');
    expect(screen.getByText('Choose at least one section.')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText('Title'));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(await db.outbox.count()).toBe(0);

    // Once tried, a message leaves its field as soon as it is fixed.
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Reunión' } });
    await waitFor(() => expect(descriptionOf(screen.getByLabelText('Title'))).not.toContain('The title is required.'));
    expect(descriptionOf(screen.getByLabelText('Message'))).toContain('The message is required.');
  });

  it('counts what is left of the message, and offers the emergency flag to administrators only', async () => {
    fakeReach({ total: 0, students: 0, guardians: 0, staff: 0 });
    const { user } = await notificationsUser('staff');
    renderNewNotification(user.id);
    const message = await screen.findByLabelText('Message');
    expect(descriptionOf(message)).toContain('2000 of 2000 characters left');
    fireEvent.change(message, { target: { value: 'Hola' } });
    expect(descriptionOf(message)).toContain('1996 of 2000 characters left');
    expect(message.getAttribute('maxlength')).toBe('2000');
    expect(screen.queryByLabelText('Emergency alert')).toBeNull();
  });

  it('confirms whom an emergency alert reaches and what it does, then queues notifications.create and lands on the sent list', async () => {
    const asked = fakeReach({ total: 42, students: 0, guardians: 40, staff: 2 });
    const { user, db } = await notificationsUser('admin');
    renderNewNotification(user.id);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Corte de agua' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'Retiren a los estudiantes a las 12:00.' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Families of chosen grades' }));
    fireEvent.click(screen.getByRole('checkbox', { name: '1° Básico 1° A' }));
    fireEvent.click(screen.getByLabelText('Emergency alert'));
    fireEvent.click(screen.getByRole('button', { name: 'Review and send the alert' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Send this emergency alert?' });
    // Sent to the families only: the 2 staff who may read it are not counted.
    expect(await within(dialog).findByText('Reaches 40 people')).toBeTruthy();
    expect(within(dialog).getByText(/pushed to phones even during quiet hours/)).toBeTruthy();
    expect(within(dialog).getByText(/receives it by email/)).toBeTruthy();
    expect(asked.at(-1)).toEqual({ scope: 'guardians', section_ids: ['sec-1a'] });
    expect(await db.outbox.count()).toBe(0);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Send the alert' }));
    expect(await screen.findByText("The college's notifications")).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry?.name).toBe('notifications.create');
    const args = createNotificationArgs.parse(entry!.args);
    expect(args).toMatchObject({
      title: 'Corte de agua',
      emergency: true,
      scope: 'guardians',
      section_ids: ['sec-1a'],
      grade_ids: ['grade-1'],
      course_ids: ['course-basica'],
    });
    expect(await db.notifications.get(args.id)).toMatchObject({ title: 'Corte de agua', emergency: true });
  });

  it('says offline that the number reached is not known and that it will be sent when back online', async () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const asked = fakeReach({ total: 1, students: 0, guardians: 0, staff: 1 });
    const { user, db } = await notificationsUser('staff');
    renderNewNotification(user.id);
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: 'Reunión' } });
    fireEvent.change(screen.getByLabelText('Message'), { target: { value: 'El jueves.' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Everyone in the school' }));
    fireEvent.click(screen.getByRole('button', { name: 'Review and send' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Send this notification?' });
    expect(within(dialog).getByText(/offline, so how many people it reaches is not known. It will be sent when you are back online/)).toBeTruthy();
    expect(within(dialog).queryByText(/quiet hours/)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await db.outbox.count()).toBe(0);
    expect(asked).toEqual([]);
  });
});
