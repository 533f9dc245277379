import { useLingui } from '@lingui/react/macro';
import { CheckDoubleIcon, CheckIcon, ClockIcon } from '../../ui/icons';
import { Spinner } from '../../ui/Spinner';
import type { BubbleState } from './messageState';

/**
 * The state under one of my bubbles, as an icon with its name (`role="img"`, named
 * "Waiting to send", "Sending", "Sent", "Delivered" or "Read"). A failed one, and one the
 * staff hours hold, are told in words by the bubble itself.
 */
export function BubbleStateMark({ state }: { state: Exclude<BubbleState, 'failed' | 'held'> }) {
  const { t } = useLingui();
  const names: Record<typeof state, string> = {
    waiting: t`Waiting to send`,
    sending: t`Sending`,
    sent: t`Sent`,
    delivered: t`Delivered`,
    read: t`Read`,
  };
  const name = names[state];
  return (
    <span className={`bubble-state bubble-state-${state}`} role="img" aria-label={name} title={name}>
      {state === 'waiting' ? (
        <ClockIcon width={14} height={14} />
      ) : state === 'sending' ? (
        <Spinner />
      ) : state === 'sent' ? (
        <CheckIcon width={14} height={14} />
      ) : (
        <CheckDoubleIcon width={16} height={14} />
      )}
    </span>
  );
}
