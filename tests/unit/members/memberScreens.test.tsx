import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { messages } from '../../../contract/messages';
import { metaKeys } from '../../../src/db/syncMeta';
import { MemberDetailScreen } from '../../../src/features/members/MemberDetailScreen';
import { EditMemberScreen, NewMemberScreen } from '../../../src/features/members/MemberFormScreens';
import { MemberListScreen } from '../../../src/features/members/MemberListScreen';
import { approveMember, createMember, deleteMember, deleteMemberPin, setMemberPin } from '../../../src/features/members/memberWrites';
import { usePendingCount } from '../../../src/features/members/memberQueries';
import { PendingSignups } from '../../../src/features/members/PendingSignups';
import { OutboxScreen } from '../../../src/features/outbox/OutboxScreen';
import { aMember, renderRoutes, section3a, section3b, signInWithMembers } from './membersTestKit';

const memberRoutes = (
  <>
    <Route path="/users" element={<MemberListScreen />} />
    <Route path="/users/new" element={<NewMemberScreen />} />
    <Route path="/users/:id" element={<MemberDetailScreen />} />
    <Route path="/users/:id/edit" element={<EditMemberScreen />} />
    <Route path="/app/outbox" element={<OutboxScreen />} />
  </>
);

/** The number of sign-ups waiting, read as PendingSignups reads it but shown to anyone. */
function PendingCountProbe() {
  const count = usePendingCount(true);
  return count === undefined ? null : <output data-testid="pending-count">{count}</output>;
}

const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the member form', () => {
  it('shows every error on its field before queueing anything, then queues the member with its section', async () => {
    const { user, db } = await signInWithMembers();
    renderRoutes(user.id, '/users/new', memberRoutes);

    fireEvent.click(await screen.findByRole('button', { name: 'Create member' }));
    expect(descriptionOf(screen.getByLabelText('Name'))).toContain(messages.required);
    expect(descriptionOf(screen.getByLabelText('Role'))).toContain('Select a role');
    expect(descriptionOf(screen.getByLabelText('Email'))).toContain(messages.required);

    type('Name', 'Tomás');
    type('First last name', 'Núñez');
    type('Email', 'tomas@correo.test');
    type('RUT', '12.345.678-9');
    fireEvent.change(screen.getByLabelText('Role'), { target: { value: 'student' } });
    expect(descriptionOf(screen.getByLabelText('RUT'))).toContain(messages.rutInvalid);
    expect(await db.outbox.count()).toBe(0);

    type('RUT', '12345678-5');
    fireEvent.click(screen.getByLabelText('3° Básico A'));
    fireEvent.click(screen.getByRole('button', { name: 'Create member' }));

    expect(await screen.findByRole('heading', { name: 'Tomás Núñez', level: 1 })).toBeTruthy();
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      name: 'members.create',
      args: {
        name: 'Tomás',
        email: 'tomas@correo.test',
        rut: '12345678-5',
        role: 'student',
        section_ids: [section3a],
        child_ids: [],
        status: 'active',
        place_id: null,
      },
    });
    expect(await db.members.get(entry!.entityId)).toMatchObject({ rut: '12.345.678-5', has_pin: false, section_ids: [section3a] });
  }, 20_000);

  it('lets a guardian pick their children and shows the sections they get through them', async () => {
    const { user, db } = await signInWithMembers();
    const child = aMember({ name: 'Sofía', first_lastname: 'Lagos', rut: '11.111.111-1', section_ids: [section3b] });
    await db.members.put(child);
    renderRoutes(user.id, '/users/new', memberRoutes);
    fireEvent.change(await screen.findByLabelText('Role'), { target: { value: 'guardian' } });
    fireEvent.change(screen.getByPlaceholderText('Find a student by name, email or RUT'), { target: { value: '11111111' } });
    fireEvent.click(await screen.findByRole('button', { name: /Sofía Lagos/ }));
    expect(screen.getByText(/^Through their children they belong to: 3° Básico B$/)).toBeTruthy();
    type('Name', 'Marta');
    type('Email', 'marta@correo.test');
    fireEvent.click(screen.getByRole('button', { name: 'Create member' }));
    await screen.findByRole('heading', { name: 'Marta', level: 1 });
    const [entry] = await db.outbox.toArray();
    expect(entry?.args).toMatchObject({ role: 'guardian', child_ids: [child.id], section_ids: [] });
    expect(await db.members.get(entry!.entityId)).toMatchObject({ section_ids: [section3b], child_ids: [child.id] });
  });

  it('opens a change refused for a duplicate email with the message on the field, and resends it in its place', async () => {
    const { user, db } = await signInWithMembers();
    const { id, seq } = await createMember(
      db,
      {
        name: 'Luis',
        first_lastname: '',
        second_lastname: '',
        email: 'taken@correo.test',
        rut: '',
        phone: '',
        birthdate: '',
        role: 'staff',
        place_id: null,
        section_ids: [],
        child_ids: [],
        status: 'active',
      },
      user.college_id,
    );
    await db.outbox.update(seq, { status: 'attention', error: { status: 422, message: messages.emailTaken, errors: { email: [messages.emailTaken] } } });
    renderRoutes(user.id, `/users/${id}/edit?resend=${seq}`, memberRoutes);

    expect(await screen.findByRole('heading', { name: 'Fix and resend' })).toBeTruthy();
    expect(descriptionOf(screen.getByLabelText('Email'))).toContain(messages.emailTaken);
    type('Email', 'luis@correo.test');
    fireEvent.click(screen.getByRole('button', { name: 'Save and resend' }));
    await screen.findByRole('heading', { name: 'Luis', level: 1 });
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ seq, name: 'members.create', status: 'queued', args: { id, email: 'luis@correo.test' } });
  });
});

describe('the members list and a member', () => {
  it('lists members with their state and the no-PIN warning, searches, and approves a sign-up', async () => {
    const { user, db } = await signInWithMembers();
    await db.meta.put({ key: metaKeys.firstSyncDone, value: true });
    const pending = aMember({ name: 'Fernanda', first_lastname: 'Muñoz', second_lastname: '', status: 'pending', role: 'guardian' });
    await db.members.bulkPut([pending, aMember({ name: 'Pedro', first_lastname: 'Soto', second_lastname: '', has_pin: true, rut: '11.111.111-1' })]);
    renderRoutes(user.id, '/users', memberRoutes);

    const list = await screen.findByRole('list', { name: 'Members' });
    const fernanda = within(list).getByText('Fernanda Muñoz').closest('li')!;
    expect(within(fernanda).getByText('Pending approval')).toBeTruthy();
    expect(within(fernanda).getByText('No PIN')).toBeTruthy();
    expect(within(within(list).getByText('Pedro Soto').closest('li')!).queryByText('No PIN')).toBeNull();

    fireEvent.change(screen.getByPlaceholderText('Search by name, email or RUT'), { target: { value: '111111111' } });
    await waitFor(() => expect(within(list).queryByText('Fernanda Muñoz')).toBeNull());
    expect(within(list).getByText('Pedro Soto')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('Search by name, email or RUT'), { target: { value: 'munoz' } });
    fireEvent.click(await screen.findByRole('button', { name: 'Approve Fernanda Muñoz' }));
    await waitFor(async () => expect((await db.members.get(pending.id))?.status).toBe('active'));
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['members.approve']);
  });

  it('does not offer an administrator the PIN, password and account actions on their own account', async () => {
    const { user, db } = await signInWithMembers();
    await db.members.put(aMember({ id: user.id, name: 'Ana', role: 'admin' }));
    renderRoutes(user.id, `/users/${user.id}`, memberRoutes);
    await screen.findByRole('heading', { name: /^Ana/, level: 1 });
    expect(screen.getAllByText('You cannot change this on your own account.').length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Delete member' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Set a PIN' })).toBeNull();
  });

  it('sets a PIN of 4 to 6 digits only, and deletes a member after a confirmation that says posts keep the name', async () => {
    const { user, db } = await signInWithMembers();
    const member = aMember({ name: 'Pedro', first_lastname: 'Soto' });
    await db.members.put(member);
    renderRoutes(user.id, `/users/${member.id}`, memberRoutes);
    fireEvent.click(await screen.findByRole('button', { name: 'Set a PIN' }));
    const pin = screen.getByLabelText('New PIN (4 to 6 digits)');
    expect(pin.getAttribute('inputmode')).toBe('numeric');
    expect(pin.getAttribute('type')).toBe('password');
    fireEvent.change(pin, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save PIN' }));
    expect(descriptionOf(pin)).toContain(messages.pinInvalid);
    fireEvent.change(pin, { target: { value: '4821' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save PIN' }));
    await screen.findByText('A PIN is set.');
    expect((await db.outbox.toArray())[0]).toMatchObject({ name: 'members.setPin', args: { id: member.id, pin: '4821' } });

    fireEvent.click(screen.getByRole('button', { name: 'Delete member' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog.textContent).toContain('Publications and messages they wrote keep their name.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete member' }));
    await screen.findByRole('heading', { name: 'User Roles', level: 1 });
    expect(await db.members.get(member.id)).toBeUndefined();
  });
});

describe('the home screen and the outbox', () => {
  it('tells administrators how many sign-ups wait, and nobody else', async () => {
    const admin = await signInWithMembers('admin');
    await admin.db.members.bulkPut([aMember({ status: 'pending' }), aMember({ status: 'pending' }), aMember()]);
    const view = renderRoutes(admin.user.id, '/app', <Route path="/app" element={<PendingSignups />} />);
    const link = await screen.findByRole('link', { name: '2 sign-ups waiting for approval' });
    expect(link.getAttribute('href')).toBe('/users?status=pending');
    view.unmount();

    const staff = await signInWithMembers('staff');
    await staff.db.members.put(aMember({ status: 'pending' }));
    // Beside it, the same count read for anyone, after it: once that shows, the card had its answer.
    renderRoutes(
      staff.user.id,
      '/app',
      <Route
        path="/app"
        element={
          <>
            <PendingSignups />
            <PendingCountProbe />
          </>
        }
      />,
    );
    expect((await screen.findByTestId('pending-count')).textContent).toBe('1');
    expect(screen.queryByRole('link', { name: /sign-up/ })).toBeNull();
  });

  it('names every member change in the outbox and links a refused one to the form', async () => {
    const { user, db } = await signInWithMembers();
    const pedro = aMember({ name: 'Pedro', first_lastname: 'Soto', second_lastname: '' });
    const fernanda = aMember({ name: 'Fernanda', first_lastname: 'Muñoz', status: 'pending' });
    const gone = aMember({ name: 'Luis', first_lastname: 'Lara' });
    await db.members.bulkPut([pedro, fernanda, gone]);
    const { seq } = await createMember(
      db,
      {
        name: 'Tomás',
        first_lastname: 'Núñez',
        second_lastname: '',
        email: 't@correo.test',
        rut: '',
        phone: '',
        birthdate: '',
        role: 'student',
        place_id: null,
        section_ids: [],
        child_ids: [],
        status: 'active',
      },
      user.college_id,
    );
    await approveMember(db, fernanda.id);
    await setMemberPin(db, pedro.id, '1234');
    await deleteMemberPin(db, pedro.id);
    await deleteMember(db, gone.id);
    await db.outbox.update(seq, { status: 'attention', error: { status: 422, message: messages.rutTaken, errors: { rut: [messages.rutTaken] } } });
    renderRoutes(user.id, '/app/outbox', memberRoutes);

    expect(await screen.findByText('New member: Tomás Núñez')).toBeTruthy();
    expect(screen.getByText('Approved sign-up: Fernanda Muñoz')).toBeTruthy();
    expect(screen.getByText('New PIN for Pedro Soto')).toBeTruthy();
    expect(screen.getByText('PIN removed for Pedro Soto')).toBeTruthy();
    expect(screen.getByText('Deleted member: Luis Lara')).toBeTruthy();
    const entry = await db.outbox.get(seq);
    expect(screen.getByRole('link', { name: 'Fix and resend' }).getAttribute('href')).toBe(`/users/${entry!.entityId}/edit?resend=${seq}`);
  });
});
