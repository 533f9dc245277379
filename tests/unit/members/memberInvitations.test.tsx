import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { metaKeys } from '../../../src/db/syncMeta';
import { MemberDetailScreen } from '../../../src/features/members/MemberDetailScreen';
import { MemberListScreen } from '../../../src/features/members/MemberListScreen';
import { json, network } from '../delivery/deliveryServer';
import { aMember, renderRoutes, signInWithMembers } from './membersTestKit';

const routes = (
  <>
    <Route path="/users" element={<MemberListScreen />} />
    <Route path="/users/:id" element={<MemberDetailScreen />} />
  </>
);

/** The invitation routes as the server answers them, recording each POST's body. */
function invitationServer(notSignedIn: number) {
  const posted: unknown[] = [];
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input: RequestInfo | URL) => {
    const request = input as Request;
    const url = new URL(request.url);
    if (url.pathname !== '/api/v1/admin/members/invitations') throw new TypeError('Failed to fetch');
    if (request.method === 'GET') return json({ not_signed_in: notSignedIn });
    posted.push(await request.json());
    return json({ invited: 1, already_invited: 0, skipped: 0, unknown: 0 });
  });
  return posted;
}

afterEach(() => vi.restoreAllMocks());

describe('invitations in the members list', () => {
  const invitedAt = '2026-04-20T08:00:00.000Z';
  const members = () => [
    aMember({ name: 'Inés', first_lastname: 'Invitada', second_lastname: '', invited_at: invitedAt }),
    aMember({ name: 'Sara', first_lastname: 'Sesión', second_lastname: '', signed_in_at: '2026-04-21T08:00:00.000Z', invited_at: invitedAt }),
    aMember({ name: 'Rebeca', first_lastname: 'Rebote', second_lastname: '', email_bounced: true }),
    aMember({ name: 'Nora', first_lastname: 'Nueva', second_lastname: '' }),
  ];

  it('shows who was invited, signed in or bounced, filters those not yet signed in, and invites one', async () => {
    network();
    const posted = invitationServer(3);
    const { user, db } = await signInWithMembers();
    await db.meta.put({ key: metaKeys.firstSyncDone, value: true });
    const rows = members();
    const [ines, , , nora] = rows;
    await db.members.bulkPut(rows);
    renderRoutes(user.id, '/users', routes);

    const list = await screen.findByRole('list', { name: 'Members' });
    const item = (name: string) => within(list).getByText(name).closest('li')!;
    expect(within(item('Inés Invitada')).getByText(/^Invited on /)).toBeTruthy();
    expect(within(item('Sara Sesión')).getByText('Signed in')).toBeTruthy();
    expect(within(item('Rebeca Rebote')).getByText('Email bounced')).toBeTruthy();
    expect(within(item('Nora Nueva')).queryByText(/Invited on|Signed in|Email bounced/)).toBeNull();
    // Only those who may be invited have the action; a bounced address is corrected first.
    expect(within(item('Sara Sesión')).queryByRole('button', { name: /Invite/ })).toBeNull();
    expect(within(item('Rebeca Rebote')).queryByRole('button', { name: /Invite/ })).toBeNull();

    fireEvent.click(screen.getByRole('checkbox', { name: 'Not yet signed in' }));
    await waitFor(() => expect(within(list).queryByText('Sara Sesión')).toBeNull());
    expect(within(list).getByText('Nora Nueva')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Invite Nora Nueva' }));
    await waitFor(() => expect(posted).toEqual([{ member_ids: [nora!.id] }]));

    // Sending again asks first: the new link replaces the earlier one.
    fireEvent.click(screen.getByRole('button', { name: 'Invite Inés Invitada again' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Send Inés Invitada a new invitation?' });
    expect(within(dialog).getByText(/replaces the one sent on .*, which stops working/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send a new invitation' }));
    await waitFor(() => expect(posted).toHaveLength(2));
    expect(posted[1]).toEqual({ member_ids: [ines!.id] });
  });

  it('states the count before inviting everyone not yet signed in', async () => {
    network();
    const posted = invitationServer(3);
    const { user, db } = await signInWithMembers();
    await db.meta.put({ key: metaKeys.firstSyncDone, value: true });
    await db.members.bulkPut(members());
    renderRoutes(user.id, '/users', routes);

    fireEvent.click(await screen.findByRole('button', { name: 'Invite everyone not yet signed in (3)' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Invite 3 members who have not signed in yet?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Invite 3 members' }));
    await waitFor(() => expect(posted).toEqual([{ everyone_not_signed_in: true }]));
  });

  it('says inviting needs a connection, and disables it, offline', async () => {
    const net = network();
    invitationServer(3);
    net.set(false);
    const { user, db } = await signInWithMembers();
    await db.meta.put({ key: metaKeys.firstSyncDone, value: true });
    const rows = members();
    const nora = rows[3];
    await db.members.bulkPut(rows);
    renderRoutes(user.id, '/users', routes);

    expect(await screen.findByText('Inviting sends emails at once: it needs a connection.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Invite everyone not yet signed in' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Invite Nora Nueva' }).disabled).toBe(true);

    renderRoutes(user.id, `/users/${nora!.id}`, routes);
    expect(await screen.findByText('Inviting sends an email at once: it needs a connection.')).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Send invitation' }).disabled).toBe(true);
  });
});
