import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aContact, contactsUser, renderContacts, storeContacts } from './contactsTestKit';

// Screens rendered whole on a busy 2-core machine: a slow start, not a failure.
vi.setConfig({ testTimeout: 20_000 });

describe('the directory’s screens', () => {
  it('lists contacts for a guardian with one-tap call and mail, without the staff-only tag or admin controls', async () => {
    const { user, db } = await contactsUser('guardian');
    await storeContacts(db, [aContact({ name: 'Secretaría' }), aContact({ name: 'Dirección', phone: '', email: 'direccion@colinas.test' })]);
    renderContacts(user.id, '/admin/contacts');
    const item = (await screen.findByRole('link', { name: 'Secretaría' })).closest('li')!;
    expect(within(item).getByRole('link', { name: 'Call Secretaría' }).getAttribute('href')).toBe('tel:+56223456789');
    expect(within(item).getByRole('link', { name: 'Email Secretaría' }).getAttribute('href')).toBe('mailto:secretaria@colinas.test');
    expect(within(item).getByText('Sede Alta')).toBeTruthy();
    const other = screen.getByRole('link', { name: 'Dirección' }).closest('li')!;
    expect(within(other).queryByRole('link', { name: /^Call/ })).toBeNull();
    expect(screen.queryByRole('link', { name: 'New contact' })).toBeNull();
    expect([...document.querySelectorAll('.contact-item-name')].map((node) => node.textContent)).toEqual(['Dirección', 'Secretaría']);
  });

  it('shows one contact with large call and mail links whose number and address stay left to right', async () => {
    const { user, db } = await contactsUser('student');
    const nurse = aContact({ name: 'Enfermería', phone: '+56 9 8765 4321', email: 'enfermeria@colinas.test', notes: 'Primeros auxilios.' });
    await storeContacts(db, [nurse]);
    renderContacts(user.id, `/admin/contacts/${nurse.id}`);
    await screen.findByRole('heading', { name: 'Enfermería' });
    const call = screen.getByRole('link', { name: /Call/ });
    expect(call.getAttribute('href')).toBe('tel:+56987654321');
    expect(call.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(call.querySelector('bdi')?.textContent).toBe('+56 9 8765 4321');
    const mail = screen.getByRole('link', { name: /Email/ });
    expect(mail.getAttribute('href')).toBe('mailto:enfermeria@colinas.test');
    expect(mail.querySelector('bdi')?.getAttribute('dir')).toBe('ltr');
    expect(screen.getByText('Primeros auxilios.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Edit' })).toBeNull();
  });

  it('searches from the address, and says when nothing matches', async () => {
    const { user, db } = await contactsUser('guardian');
    await storeContacts(db, [aContact({ name: 'Secretaría' }), aContact({ name: 'Enfermería', phone: '+56 9 8765 4321' })]);
    renderContacts(user.id, '/admin/contacts?q=8765');
    await screen.findByRole('link', { name: 'Enfermería' });
    expect(screen.queryByRole('link', { name: 'Secretaría' })).toBeNull();
    expect(screen.getByText('1 contact found')).toBeTruthy();
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search contacts' }), { target: { value: 'biblioteca' } });
    await screen.findByText('No matching results were found.');
  });

  it('keeps a member who is not an administrator out of the form', async () => {
    const { user } = await contactsUser('staff');
    renderContacts(user.id, '/admin/contacts/create');
    await screen.findByText('Only administrators add or edit contacts.');
  });

  it('lets an administrator fix field errors on the device before anything is queued, then queues contacts.create', async () => {
    const { user, db } = await contactsUser('admin');
    renderContacts(user.id, '/admin/contacts/create');
    const name = await screen.findByRole('textbox', { name: 'Name' });
    fireEvent.change(name, { target: { value: 'Biblioteca' } });
    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '+56 2 biblio' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save contact' }));
    await screen.findByText('A phone number may only have digits, spaces, +, - and parentheses, and at least 3 digits.');
    expect(screen.getByRole('textbox', { name: 'Phone' }).getAttribute('aria-invalid')).toBe('true');
    expect(await db.outbox.count()).toBe(0);

    fireEvent.change(screen.getByRole('textbox', { name: 'Phone' }), { target: { value: '+56 2 2345 6720' } });
    fireEvent.click(screen.getByRole('radio', { name: 'Staff only' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save contact' }));
    await screen.findByRole('heading', { name: 'Biblioteca' });
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({ name: 'contacts.create', args: { name: 'Biblioteca', phone: '+56 2 2345 6720', visibility: 'staff', place_id: null } });
    expect(screen.getByText('Staff only')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Delete' })).toBeTruthy());
  });
});
