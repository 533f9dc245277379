import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { MemberDetailScreen } from '../../../src/features/members/MemberDetailScreen';
import { MemberListScreen } from '../../../src/features/members/MemberListScreen';
import { OutboxScreen } from '../../../src/features/outbox/OutboxScreen';
import { aMember, renderRoutes, signInWithMembers } from '../members/membersTestKit';

const routes = (
  <>
    <Route path="/users" element={<MemberListScreen />} />
    <Route path="/users/:id" element={<MemberDetailScreen />} />
    <Route path="/app/outbox" element={<OutboxScreen />} />
  </>
);

describe("an administrator's member screen", () => {
  it('carries the privacy card (through the member-screen hook), erases after naming the member, and the outbox names the erasure', async () => {
    const { user, db } = await signInWithMembers();
    const member = aMember({ name: 'Pedro', first_lastname: 'Soto', second_lastname: '', role: 'guardian' });
    await db.members.put(member);
    const view = renderRoutes(user.id, `/users/${member.id}`, routes);
    const card = await screen.findByRole('region', { name: 'Privacy' });
    fireEvent.click(within(card).getByRole('button', { name: 'Erase this member' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Erase Pedro Soto?' });
    expect(dialog.textContent).toContain('This cannot be undone.');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase Pedro Soto' }));
    // Back to the list; the erasure waits in the outbox until the server has done it.
    await screen.findByRole('heading', { name: 'User Roles', level: 1 });
    await waitFor(async () => expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['privacy.erase']));
    view.unmount();
    renderRoutes(user.id, '/app/outbox', routes);
    expect(await screen.findByText('Erase Pedro Soto')).toBeTruthy();
  });
});
