import { fireEvent, screen, waitFor } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { uuidv7 } from '../../../contract/ids';
import { GroupAdminForms } from '../../../src/features/messenger/GroupAdminForms';
import { renderRoutes } from '../posts/postsTestKit';
import { aConversation, messengerUser } from './messengerTestKit';

afterEach(() => vi.restoreAllMocks());

describe("a group's details, as its admins change them", () => {
  it('says what the name needs once saved empty, clears it as soon as it is written, and queues the change once', async () => {
    const { user, db } = await messengerUser('staff');
    const conversation = aConversation({ created_by: user.id });
    await db.conversations.put(conversation);
    renderRoutes(
      user.id,
      '/group',
      <Route path="/group" element={<GroupAdminForms db={db} conversation={conversation} collegeId={user.college_id} memberIds={new Set([user.id])} />} />,
    );
    const name = await screen.findByLabelText(/^Group name/);
    fireEvent.change(name, { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save group' }));
    const required = await screen.findByText('The group needs a name.');
    expect(await db.outbox.count()).toBe(0);
    fireEvent.change(name, { target: { value: 'Apoderados 4°A 2027' } });
    expect(required.isConnected).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save group' }));
    await waitFor(async () => expect((await db.conversations.get(conversation.id))?.name).toBe('Apoderados 4°A 2027'));
    expect((await db.outbox.toArray()).map((entry) => entry.name)).toEqual(['messenger.updateGroup']);
  });

  it('adds a whole section once, then starts again with no one chosen', async () => {
    const { user, db } = await messengerUser('staff');
    const conversation = aConversation({ created_by: user.id });
    await db.conversations.put(conversation);
    const sectionId = uuidv7();
    await db.sections.put({ id: sectionId, grade_id: 'grade-1', name: '1° C', place_id: null });
    renderRoutes(
      user.id,
      '/group',
      <Route path="/group" element={<GroupAdminForms db={db} conversation={conversation} collegeId={user.college_id} memberIds={new Set([user.id])} />} />,
    );
    const add = screen.getByRole('button', { name: 'Add to the group' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
    const section = () => screen.getByRole<HTMLInputElement>('checkbox', { name: '1° Básico 1° C' });
    fireEvent.click(await screen.findByRole('checkbox', { name: '1° Básico 1° C' }));
    expect((add as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(add);
    fireEvent.click(add);
    await waitFor(() => expect(section().checked).toBe(false));
    const queued = await db.outbox.toArray();
    expect(queued.map((entry) => entry.name)).toEqual(['messenger.addMembers']);
    expect(queued[0]?.args).toMatchObject({ conversation_id: conversation.id, section_ids: [sectionId], section_scope: 'everyone' });
    expect((add as HTMLButtonElement).disabled).toBe(true);
  });
});
