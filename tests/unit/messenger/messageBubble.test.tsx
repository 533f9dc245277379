import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '../../../contract/messages';
import type { OutboxEntry } from '../../../src/db/database';
import { MessageBubble } from '../../../src/features/messenger/MessageBubble';
import { aMessage } from './messengerTestKit';

const refused: OutboxEntry = {
  seq: 7,
  id: 'entry',
  name: 'messenger.send',
  args: {},
  entity: 'messages',
  entityId: 'm',
  status: 'attention',
  attempts: 1,
  createdAt: '',
  error: { status: 403, message: messages.groupRepliesClosed, errors: {} },
};

function bubble(props: Partial<Parameters<typeof MessageBubble>[0]>) {
  const actions = { onEdit: vi.fn(), onDelete: vi.fn(), onReport: vi.fn(), onRetry: vi.fn(), onDiscard: vi.fn() };
  render(
    <I18nProvider i18n={i18n}>
      <MessageBubble
        message={aMessage('c', 'me', 3)}
        mine
        author=""
        state="sent"
        failed={undefined}
        mayEdit={false}
        mayDelete={false}
        {...actions}
        {...props}
      />
    </I18nProvider>,
  );
  return actions;
}

describe('a bubble', () => {
  it('says why the server refused my message, with retry and discard', () => {
    const actions = bubble({ message: aMessage('c', 'me', 0, { text: 'Hola' }), state: 'failed', failed: refused });
    expect(screen.getByRole('alert').textContent).toContain('Not sent: Only the group admins can write in this group.');
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(actions.onRetry).toHaveBeenCalledWith(refused);
    expect(actions.onDiscard).toHaveBeenCalledWith(refused);
  });

  it('names the state of my message, and shows a deleted one as deleted', () => {
    bubble({ state: 'read' });
    expect(screen.getByRole('img', { name: 'Read' })).toBeTruthy();
    bubble({ message: aMessage('c', 'other', 4, { text: '', deleted_at: '2026-11-20T12:00:00.000Z' }), mine: false, state: null });
    expect(screen.getByText('This message was deleted')).toBeTruthy();
  });

  it('offers someone else’s message to be reported', () => {
    bubble({ mine: false, state: null, author: 'Marta Díaz' });
    expect(screen.getByText('Marta Díaz')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Message actions' })).toBeTruthy();
  });
});
