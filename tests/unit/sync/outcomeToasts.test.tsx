import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import { liveQuery } from '../../../src/db/lifecycle';
import { mutate } from '../../../src/sync/mutate';
import { whenAnswered } from '../../../src/sync/mutationOutcome';
import { toastOutcome, type OutcomeTexts } from '../../../src/sync/outcomeToasts';
import { ToastHost } from '../../../src/ui/ToastHost';
import { dismissAllToasts } from '../../../src/ui/toastStore';
import { freshDb } from './freshDb';

const texts: OutcomeTexts = {
  sent: 'Publication created successfully',
  refused: (reason) => `The server did not accept this publication: ${reason}`,
};

/** A quick-answer window every answer in these tests beats, on any machine (setTimeout's largest delay). */
const longWindowMs = 2 ** 31 - 1;

function setOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
}

async function queueCreate(db: ReturnType<typeof freshDb>): Promise<number> {
  return mutate(db, { name: 'posts.create', args: { id: 'p1', title: 'Feria' }, entity: 'posts', entityId: 'p1' }, () => Promise.resolve());
}

function renderToasts() {
  render(
    <I18nProvider i18n={i18n}>
      <ToastHost />
    </I18nProvider>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
  dismissAllToasts();
});

describe('following a queued change', () => {
  it('reads a change that left the outbox as applied, and one waiting for the user as refused with its error', async () => {
    const db = freshDb();
    const applied = await queueCreate(db);
    const refused = await queueCreate(db);
    const first = whenAnswered(db, applied);
    const second = whenAnswered(db, refused);
    await db.outbox.delete(applied);
    await db.outbox.update(refused, { status: 'attention', error: { status: 422, message: messages.postTitleRequired } });
    await expect(first).resolves.toEqual({ state: 'applied' });
    await expect(second).resolves.toEqual({ state: 'refused', error: { status: 422, message: messages.postTitleRequired } });
  });

  it('stays unanswered while the change is only queued or being sent', async () => {
    const db = freshDb();
    const seq = await queueCreate(db);
    const answer = whenAnswered(db, seq);
    // A second watcher of the entry, subscribed after whenAnswered's: once it has seen the
    // entry "sending", so has whenAnswered (queries of one database answer in order).
    const seen: (string | undefined)[] = [];
    const watcher = liveQuery(() => db.outbox.get(seq)).subscribe((entry) => seen.push(entry?.status));
    try {
      await vi.waitFor(() => expect(seen).toContain('queued'));
      await db.outbox.update(seq, { status: 'sending' });
      await vi.waitFor(() => expect(seen).toContain('sending'));
      // The first answer is the only one: had "queued" or "sending" answered, this would not be it.
      await db.outbox.update(seq, { status: 'attention', error: { status: 422, message: messages.postTitleRequired } });
      await expect(answer).resolves.toEqual({ state: 'refused', error: { status: 422, message: messages.postTitleRequired } });
    } finally {
      watcher.unsubscribe();
    }
  });
});

describe('the toast of a queued change', () => {
  it('says offline that the change is saved on this device, and that it was sent once it is', async () => {
    setOnline(false);
    renderToasts();
    const db = freshDb();
    const seq = await queueCreate(db);
    const done = toastOutcome(db, i18n, seq, texts);
    expect(await screen.findByText('Saved on this device. It will be sent when you are back online.')).toBeTruthy();
    expect(screen.queryByText('Publication created successfully')).toBeNull();
    await db.outbox.delete(seq);
    await done;
    expect(await screen.findByText('Publication created successfully')).toBeTruthy();
  });

  it('says "created successfully" alone when the server applied it at once', async () => {
    setOnline(true);
    renderToasts();
    const db = freshDb();
    const seq = await queueCreate(db);
    const done = toastOutcome(db, i18n, seq, texts, longWindowMs);
    await db.outbox.delete(seq);
    await done;
    expect(await screen.findByText('Publication created successfully')).toBeTruthy();
    expect(screen.queryByText(/Saved on this device/)).toBeNull();
  });

  it('says why the server refused it, never that it succeeded', async () => {
    setOnline(true);
    renderToasts();
    const db = freshDb();
    const seq = await queueCreate(db);
    const done = toastOutcome(db, i18n, seq, texts, longWindowMs);
    await db.outbox.update(seq, { status: 'attention', error: { status: 404, message: messages.postNotFound } });
    await done;
    expect(await screen.findByText('The server did not accept this publication: This publication no longer exists.')).toBeTruthy();
    expect(screen.queryByText('Publication created successfully')).toBeNull();
  });

  it('online but unanswered for a moment: saved on this device, then the answer when it comes', async () => {
    setOnline(true);
    renderToasts();
    const db = freshDb();
    const seq = await queueCreate(db);
    const done = toastOutcome(db, i18n, seq, texts, 20);
    expect(await screen.findByText('Saved on this device. Sending it now…')).toBeTruthy();
    await db.outbox.update(seq, { status: 'attention', error: { status: 422, message: messages.postTitleRequired } });
    await done;
    expect(await screen.findByText('The server did not accept this publication: The title is required.')).toBeTruthy();
  });
});
