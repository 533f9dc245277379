import { Trans, useLingui } from '@lingui/react/macro';
import { DropdownMenu } from 'radix-ui';
import { memo } from 'react';
import type { MessageRow } from '../../../contract/messenger';
import type { OutboxEntry } from '../../db/database';
import { translateServerMessage } from '../../i18n/serverMessages';
import { directionOf } from '../../i18n/locales';
import { Button } from '../../ui/Button';
import { AlertIcon, ClockIcon, MoreIcon } from '../../ui/icons';
import { BubbleStateMark } from './BubbleStateMark';
import type { BubbleState } from './messageState';
import { MessageText } from './MessageText';

export interface BubbleActions {
  onEdit: (message: MessageRow) => void;
  onDelete: (message: MessageRow) => void;
  onReport: (message: MessageRow) => void;
  onRetry: (entry: OutboxEntry) => void;
  onDiscard: (entry: OutboxEntry) => void;
}

export interface MessageBubbleProps extends BubbleActions {
  message: MessageRow;
  mine: boolean;
  /** The author's name, shown above others' messages in a group ('' otherwise). */
  author: string;
  /** Mine only. */
  state: BubbleState | null;
  /** The refused change of a failed message. */
  failed: OutboxEntry | undefined;
  mayEdit: boolean;
  mayDelete: boolean;
}

function Time({ iso }: { iso: string }) {
  const { i18n } = useLingui();
  const date = new Date(iso);
  return (
    <time className="bubble-time" dateTime={iso} title={i18n.date(date, { dateStyle: 'medium', timeStyle: 'short' })}>
      {i18n.date(date, { hour: 'numeric', minute: '2-digit' })}
    </time>
  );
}

/** Under a message the school's staff hours hold: when it reaches the others. */
function HeldUntil({ iso }: { iso: string }) {
  const { i18n } = useLingui();
  const date = new Date(iso);
  const when = i18n.date(date, { weekday: 'long', day: 'numeric', month: 'long', hour: 'numeric', minute: '2-digit' });
  return (
    <p className="bubble-held with-icon">
      <ClockIcon width={14} height={14} aria-hidden="true" />
      <span>
        <Trans>
          Outside staff hours: will be delivered <time dateTime={iso}>{when}</time>
        </Trans>
      </span>
    </p>
  );
}

/** Rows of one message read again (each live read makes new objects) with the same fields. */
function sameMessage(a: MessageRow, b: MessageRow): boolean {
  return (Object.keys(a) as (keyof MessageRow)[]).every((key) => a[key] === b[key]) && Object.keys(a).length === Object.keys(b).length;
}

/**
 * Drawn again only when what it shows changed: a new message in an open chat draws one
 * bubble, not every bubble of the page (the chat's list reads its rows anew each time).
 */
function sameBubble(a: MessageBubbleProps, b: MessageBubbleProps): boolean {
  return (
    sameMessage(a.message, b.message) &&
    a.mine === b.mine &&
    a.author === b.author &&
    a.state === b.state &&
    a.failed?.seq === b.failed?.seq &&
    a.failed?.error?.message === b.failed?.error?.message &&
    a.mayEdit === b.mayEdit &&
    a.mayDelete === b.mayDelete &&
    a.onEdit === b.onEdit &&
    a.onDelete === b.onDelete &&
    a.onReport === b.onReport &&
    a.onRetry === b.onRetry &&
    a.onDiscard === b.onDiscard
  );
}

/**
 * One message: its text (plain, links clickable), author in a group, time, "edited", and
 * for mine the outbox state; a refused one says why, with "Try again" and "Discard".
 */
export const MessageBubble = memo(function MessageBubble({
  message,
  mine,
  author,
  state,
  failed,
  mayEdit,
  mayDelete,
  onEdit,
  onDelete,
  onReport,
  onRetry,
  onDiscard,
}: MessageBubbleProps) {
  const { t, i18n } = useLingui();
  const deleted = message.deleted_at !== null;
  const actions = !deleted && (mayEdit || mayDelete || !mine);
  const reason = failed ? translateServerMessage(i18n, failed.error?.message ?? '') || t`No reason was given.` : '';
  return (
    <div className={`bubble-row ${mine ? 'is-mine' : ''}`}>
      <div
        className={`bubble ${mine ? 'bubble-mine' : 'bubble-theirs'} ${deleted ? 'is-deleted' : ''}`}
        data-state={state ?? undefined}
        data-message-id={message.id}
      >
        {author ? (
          <p className="bubble-author">
            <bdi>{author}</bdi>
          </p>
        ) : null}
        {deleted ? (
          <p className="message-text muted">
            <Trans>This message was deleted</Trans>
          </p>
        ) : (
          <MessageText text={message.text} />
        )}
        <p className="bubble-meta">
          {message.edited_at && !deleted ? (
            <span className="bubble-edited">
              <Trans>edited</Trans>
            </span>
          ) : null}
          <Time iso={message.created_at} />
          {state && state !== 'failed' && state !== 'held' ? <BubbleStateMark state={state} /> : null}
        </p>
        {state === 'held' && message.held_until ? <HeldUntil iso={message.held_until} /> : null}
        {failed ? (
          <div className="bubble-failed" role="alert">
            <p className="with-icon">
              <AlertIcon width={16} height={16} />
              <span>{t`Not sent: ${reason}`}</span>
            </p>
            <div className="bubble-failed-actions">
              <Button variant="secondary" onClick={() => onRetry(failed)}>
                <Trans>Try again</Trans>
              </Button>
              <Button variant="ghost" onClick={() => onDiscard(failed)}>
                <Trans>Discard</Trans>
              </Button>
            </div>
          </div>
        ) : null}
      </div>
      {actions ? (
        <DropdownMenu.Root dir={directionOf(i18n.locale)} modal={false}>
          <DropdownMenu.Trigger className="icon-button bubble-menu-trigger" aria-label={t`Message actions`} title={t`Message actions`}>
            <MoreIcon width={18} height={18} />
          </DropdownMenu.Trigger>
          <DropdownMenu.Portal>
            <DropdownMenu.Content className="message-menu" align={mine ? 'end' : 'start'} sideOffset={4} collisionPadding={8}>
              {mayEdit ? (
                <DropdownMenu.Item className="message-menu-item" onSelect={() => onEdit(message)}>
                  <Trans>Edit</Trans>
                </DropdownMenu.Item>
              ) : null}
              {mayDelete ? (
                <DropdownMenu.Item className="message-menu-item is-danger" onSelect={() => onDelete(message)}>
                  <Trans>Delete</Trans>
                </DropdownMenu.Item>
              ) : null}
              {!mine ? (
                <DropdownMenu.Item className="message-menu-item" onSelect={() => onReport(message)}>
                  <Trans>Report</Trans>
                </DropdownMenu.Item>
              ) : null}
            </DropdownMenu.Content>
          </DropdownMenu.Portal>
        </DropdownMenu.Root>
      ) : null}
    </div>
  );
}, sameBubble);
