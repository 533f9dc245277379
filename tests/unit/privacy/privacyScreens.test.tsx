import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { i18n, setupI18n, type Messages } from '@lingui/core';
import { uuidv7 } from '../../../contract/ids';
import type { DataExportRow } from '../../../contract/privacy';
import { authorName } from '../../../src/i18n/authorName';
import { metaKeys } from '../../../src/db/syncMeta';
import { MemberPrivacyCard } from '../../../src/features/privacy/MemberPrivacyCard';
import { MyDataCard } from '../../../src/features/privacy/MyDataCard';
import { privacyDb } from '../../../src/features/privacy/privacyDb';
import { PrivacySettingsScreen } from '../../../src/features/privacy/PrivacySettingsScreen';
import { renderRoutes, seedReferenceData, signInAs } from '../posts/postsTestKit';

async function privacyUser(role: 'admin' | 'staff' | 'student') {
  const { user, db } = await signInAs(role);
  await seedReferenceData(db);
  await db.meta.put({ key: metaKeys.firstSyncDone, value: true });
  return { user, db: privacyDb(db) };
}

const anExport = (memberId: string, requestedBy: string, overrides: Partial<DataExportRow> = {}): DataExportRow => ({
  id: uuidv7(),
  member_id: memberId,
  member_name: 'Marta Díaz',
  requested_by: requestedBy,
  state: 'ready',
  requested_at: '2026-11-20T12:00:00.000Z',
  ready_at: '2026-11-20T12:01:00.000Z',
  expires_at: '2026-11-27T12:01:00.000Z',
  size: 48_200,
  ...overrides,
});

describe('the privacy settings in the administration', () => {
  const renderSettings = (userId: string) => renderRoutes(userId, '/admin/privacy', <Route path="/admin/privacy" element={<PrivacySettingsScreen />} />);

  it('starts from the defaults (keep, messages kept) and saves a change through the outbox', async () => {
    const { user, db } = await privacyUser('admin');
    renderSettings(user.id);
    const keep = await screen.findByRole<HTMLInputElement>('radio', { name: /stays, shown under “Former member”/ });
    expect(keep.checked).toBe(true);
    expect(screen.getByText('Messages are kept until their authors delete them.')).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'is removed with them, from every device' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Delete old messages' }));
    const months = screen.getByRole<HTMLInputElement>('textbox', { name: 'Delete messages older than (months)' });
    fireEvent.change(months, { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a number of months from 1 to 120, or keep messages.')).toBeTruthy();
    expect(await db.outbox.count()).toBe(0);
    fireEvent.change(months, { target: { value: '18' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['privacy.setSettings']));
    expect((await db.outbox.toArray())[0]!.args).toEqual({ erasure_policy: 'remove', message_retention_months: 18 });
    expect(await db.privacySettings.get(user.college_id)).toMatchObject({ erasure_policy: 'remove', message_retention_months: 18 });
  });

  it('tells a member who may not change them so', async () => {
    const { user } = await privacyUser('staff');
    renderSettings(user.id);
    expect(await screen.findByText('Only administrators can change the school’s privacy settings.')).toBeTruthy();
    expect(screen.queryByRole('radio')).toBeNull();
  });
});

describe('"Your data" on the profile', () => {
  const renderCard = (userId: string) => renderRoutes(userId, '/profile', <Route path="/profile" element={<MyDataCard />} />);

  it('asks for a copy through the outbox, shows it as asked, and waits before another', async () => {
    const { user, db } = await privacyUser('student');
    renderCard(user.id);
    fireEvent.click(await screen.findByRole('button', { name: 'Download my data' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['privacy.requestExport']));
    const [entry] = await db.outbox.toArray();
    expect(entry!.args).toEqual({ id: entry!.entityId, member_id: user.id });
    expect(await screen.findByText(/It will be prepared in a few minutes/)).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Download my data' }).disabled).toBe(true);
    expect(screen.getByText('A new copy can be asked for once this one is downloaded or has expired.')).toBeTruthy();
  });

  it('offers a ready copy once, and a new request after it was downloaded', async () => {
    const { user, db } = await privacyUser('student');
    const ready = anExport(user.id, user.id);
    await db.dataExports.put(ready);
    renderCard(user.id);
    expect(await screen.findByText(/It can be downloaded once, until/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download the zip file' })).toBeTruthy();
    await db.dataExports.put({ ...ready, state: 'downloaded' });
    expect(await screen.findByText(/Downloaded: ask again for a new copy/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Download the zip file' })).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Download my data' }).disabled).toBe(false);
  });
});

describe("the privacy card on a member's screen", () => {
  const member = { id: uuidv7(), name: 'Marta Díaz', role: 'guardian' as const };
  const renderCard = (userId: string, props: { isSelf?: boolean; onGone?: () => void } = {}) =>
    renderRoutes(
      userId,
      '/users/x',
      <Route path="/users/x" element={<MemberPrivacyCard member={member} isSelf={props.isSelf ?? false} onGone={props.onGone ?? (() => undefined)} />} />,
    );

  it('names the person and what the policy keeps before erasing them through the outbox', async () => {
    const { user, db } = await privacyUser('admin');
    const onGone = vi.fn();
    renderCard(user.id, { onGone });
    fireEvent.click(await screen.findByRole('button', { name: 'Erase this member' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Erase Marta Díaz?' });
    expect(within(dialog).getByText(/stays, shown under “Former member”/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Erase Marta Díaz' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['privacy.erase']));
    expect((await db.outbox.toArray())[0]!.args).toEqual({ member_id: member.id, name: 'Marta Díaz' });
    expect(onGone).toHaveBeenCalled();
  });

  it('says what goes under the "remove" policy', async () => {
    const { user, db } = await privacyUser('admin');
    await db.privacySettings.put({ id: user.college_id, erasure_policy: 'remove', message_retention_months: null, updated_at: '2026-11-20T12:00:00.000Z' });
    renderCard(user.id);
    expect(await screen.findByText(/is removed too, from every device/)).toBeTruthy();
  });

  it('asks for a copy of the member’s data for the administrator, and never offers to erase oneself', async () => {
    const { user, db } = await privacyUser('admin');
    renderCard(user.id, { isSelf: true });
    expect(await screen.findByText('You cannot erase your own account.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Erase this member' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Prepare a copy of their data' }));
    await waitFor(async () => expect((await db.outbox.toArray()).map((e) => e.name)).toEqual(['privacy.requestExport']));
    expect((await db.outbox.toArray())[0]!.args).toMatchObject({ member_id: member.id, name: 'Marta Díaz' });
  });
});

describe('an erased author', () => {
  it('is shown as "Former member" in the reader’s language', async () => {
    expect(authorName(i18n, '')).toBe('Former member');
    expect(authorName(i18n, 'Marta Díaz')).toBe('Marta Díaz');
    const { messages } = (await import('../../../src/locales/es/messages.po')) as { messages: Messages };
    expect(authorName(setupI18n({ locale: 'es', messages: { es: messages } }), ' ')).toBe('Exmiembro');
  });
});
