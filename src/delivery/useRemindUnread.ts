import { useLingui } from '@lingui/react/macro';
import { useState } from 'react';
import type { DeliveryKind } from '../../contract/delivery';
import { describeFailure } from '../forms/describeFailure';
import { remindUnread, type RemindAnswer } from './deliveryApi';

export type RemindState =
  | { status: 'idle' }
  | { status: 'sending' }
  | { status: 'sent'; answer: RemindAnswer }
  /** The server refused (sent again less than 10 minutes ago: 409) or could not be reached: the reason, translated. */
  | { status: 'failed'; message: string };

const idle: RemindState = { status: 'idle' };

/**
 * "Send again to those who have not read it": a request while online, not a queued change
 * (it only makes sense now, and the server refuses a second one within ten minutes). What
 * the server answered stays shown until the person sends again or another item is shown.
 */
export function useRemindUnread(kind: DeliveryKind, id: string | null, onDone?: () => void): { state: RemindState; send: () => void } {
  const { i18n } = useLingui();
  const key = id === null ? null : `${kind}/${id}`;
  const [current, setCurrent] = useState<{ key: string; state: RemindState } | null>(null);
  const state = current !== null && current.key === key ? current.state : idle;

  const send = () => {
    if (id === null || key === null || state.status === 'sending') return;
    setCurrent({ key, state: { status: 'sending' } });
    remindUnread(kind, id).then(
      (answer) => {
        setCurrent({ key, state: { status: 'sent', answer } });
        onDone?.();
      },
      (error: unknown) => setCurrent({ key, state: { status: 'failed', message: describeFailure(error, i18n).form ?? '' } }),
    );
  };
  return { state, send };
}
