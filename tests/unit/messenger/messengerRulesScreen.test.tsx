import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { defaultMessengerRules } from '../../../contract/messengerRules';
import { MessengerRulesScreen } from '../../../src/features/messenger/MessengerRulesScreen';
import { renderRoutes } from '../posts/postsTestKit';
import { messengerUser } from './messengerTestKit';

const renderRules = (userId: string) =>
  renderRoutes(userId, '/admin/messenger/rules', <Route path="/admin/messenger/rules" element={<MessengerRulesScreen />} />);

describe("the school's messenger rule in the administration", () => {
  it('shows the defaults before the rule arrives and saves a change through the outbox', async () => {
    const { user, db } = await messengerUser('admin');
    renderRules(user.id);
    // One group a kind of member who starts the conversation, named by it; a box a kind they start it with.
    const cell = (from: string, to: string) =>
      within(screen.getByRole('group', { name: from })).getByRole<HTMLInputElement>('checkbox', { name: `with ${to}` });
    await screen.findByRole('group', { name: 'Students' });
    const students = cell('Students', 'Students');
    expect(students.checked).toBe(false);
    expect(cell('Guardians', 'Staff and administrators').checked).toBe(true);
    expect(cell('Staff and administrators', 'Guardians').checked).toBe(true);
    fireEvent.click(students);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['messenger.setRules']));
    const [entry] = await db.outbox.toArray();
    expect(entry!.args).toEqual({ ...defaultMessengerRules, student_to_student: true });
    expect(await db.messengerRules.get(user.college_id)).toMatchObject({ student_to_student: true });
  });

  it('tells a member who may not set the rule so', async () => {
    const { user } = await messengerUser('staff');
    renderRules(user.id);
    expect(await screen.findByText('Only administrators can set who may write to whom.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
