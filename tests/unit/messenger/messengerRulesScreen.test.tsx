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

  it('sets the staff hours: refuses them with no day or an end before the start, naming what is wrong, then saves them', async () => {
    const { user, db } = await messengerUser('admin');
    renderRules(user.id);
    fireEvent.click(await screen.findByRole('checkbox', { name: "Hold guardians' messages to staff outside staff hours" }));
    const days = screen.getByRole('group', { name: 'Days' });
    for (const day of ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday']) {
      const box = within(days).getByRole<HTMLInputElement>('checkbox', { name: day });
      expect(box.checked).toBe(true);
      fireEvent.click(box);
    }
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '18:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose at least one day when staff read messages.')).toBeTruthy();
    expect(screen.getByText('The staff hours must end after they start.')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);

    fireEvent.click(within(days).getByRole('checkbox', { name: 'Saturday' }));
    fireEvent.click(within(days).getByRole('checkbox', { name: 'Monday' }));
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '09:30' } });
    // Until midnight: 00:00 in the box, the day's end (24:00) in the rule.
    fireEvent.change(screen.getByLabelText('Until'), { target: { value: '00:00' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['messenger.setRules']));
    const [entry] = await db.outbox.toArray();
    expect(entry!.args).toEqual({
      ...defaultMessengerRules,
      staff_hours_on: true,
      staff_hours_days: [1, 6],
      staff_hours_start: '09:30',
      staff_hours_end: '24:00',
    });
    expect(screen.queryByText('Choose at least one day when staff read messages.')).toBeNull();
  });

  it('tells a member who may not set the rule so', async () => {
    const { user } = await messengerUser('staff');
    renderRules(user.id);
    expect(await screen.findByText('Only administrators can set who may write to whom.')).toBeTruthy();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});
