import { Trans, useLingui } from '@lingui/react/macro';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { Virtuoso, type VirtuosoHandle } from 'react-virtuoso';
import { messageEditWindowMs, type ConversationMemberRow, type MessageRow } from '../../../contract/messenger';
import type { Role } from '../../../contract/permissions';
import type { OutboxEntry } from '../../db/database';
import { Spinner } from '../../ui/Spinner';
import { useClock } from './useClock';
import { MessageBubble, type BubbleActions } from './MessageBubble';
import { bubbleState, editable, othersProgress } from './messageState';
import { authorName } from '../../i18n/authorName';

export interface MessageListProps extends BubbleActions {
  messages: readonly MessageRow[];
  entries: ReadonlyMap<string, readonly OutboxEntry[]>;
  members: readonly ConversationMemberRow[];
  me: string;
  myCollegeRole: Role | undefined;
  group: boolean;
  hasOlder: boolean;
  /** Scrolling back reached the oldest shown message: show older ones. */
  onLoadOlder: () => void;
  /** The highest position on screen (the read marker follows it). */
  onShownUpTo: (position: number) => void;
  /** Changes when I send: the list goes to its end, wherever it was. */
  sentCount: number;
  /** The conversation's name, for the log's label. */
  title: string;
}

/** Far from 0, so prepending older messages can lower it for a long time (react-virtuoso's `firstItemIndex`). */
const startIndex = 1_000_000_000;
const noEntries: readonly OutboxEntry[] = [];

/**
 * The chat's messages. It opens at the newest, loads older ones as the person scrolls back
 * (keeping what they were looking at in place), and follows new messages while at the end.
 *
 * The first page (the newest 30 of the messages read) is a plain column, scrolled to
 * its end before the first paint: opening a chat shows its newest message in the first
 * frame after the device has read it. Once the person scrolls back to the top of it and
 * there are older messages, the list becomes virtualised (react-virtuoso, from the message
 * at the top of the screen): only the rows near the screen are in the page, so a
 * conversation of 10,000 messages scrolls as smoothly as one of 50. Virtualising from the
 * start cost a chat 60–110 ms more to open (react-virtuoso measures its viewport and
 * items over several frames before it shows the newest one).
 *
 * The list is a `log` for assistive technology; new messages of others are also said
 * once in a polite live region, because the list itself adds and removes rows as it
 * scrolls (announcing those would be noise).
 */
export function MessageList({
  messages,
  entries,
  members,
  me,
  myCollegeRole,
  group,
  hasOlder,
  onLoadOlder,
  onShownUpTo,
  sentCount,
  title,
  ...actions
}: MessageListProps) {
  const { t, i18n } = useLingui();
  const list = useRef<VirtuosoHandle>(null);
  const [first, setFirst] = useState({ id: messages[0]?.id, index: startIndex });
  // Older messages came in front: lower the first index by as many, so nothing on screen moves.
  if (messages[0]?.id !== first.id) {
    const shift = first.id === undefined ? 0 : messages.findIndex((message) => message.id === first.id);
    setFirst({ id: messages[0]?.id, index: shift > 0 ? first.index - shift : first.index });
  }
  // The index of the message at the top of the screen when the list became virtualised; null: the first page, plain.
  const [virtualFrom, setVirtualFrom] = useState<number | null>(null);
  const others = useMemo(() => othersProgress(members, me), [members, me]);
  const names = useMemo(() => new Map(members.map((member) => [member.user_id, authorName(i18n, member.name)])), [members, i18n]);
  const now = useClock(30_000);

  useEffect(() => {
    if (sentCount > 0) list.current?.scrollToIndex({ index: 'LAST', behavior: 'auto' });
  }, [sentCount]);

  const incoming = useIncoming(messages, me, names);

  if (messages.length === 0) {
    return (
      <div className="message-list message-list-empty" role="log" aria-label={t`Messages`}>
        <p className="muted">
          <Trans>No messages yet. Say hello!</Trans>
        </p>
      </div>
    );
  }

  const older = hasOlder ? (
    <div className="message-list-older" role="status">
      <Spinner />
      <span className="visually-hidden">
        <Trans>Loading older messages…</Trans>
      </span>
    </div>
  ) : null;
  const bubble = (message: MessageRow) => {
    const mine = message.author_id === me;
    const waiting = entries.get(message.id) ?? noEntries;
    const failed = waiting.find((entry) => entry.status === 'attention');
    return (
      <MessageBubble
        message={message}
        mine={mine}
        author={group && !mine ? (names.get(message.author_id) ?? '') : ''}
        state={mine ? bubbleState(message, waiting, others) : null}
        failed={failed}
        // A refused change is tried again or discarded first (its box says so): an edit
        // or delete queued behind it would be refused too.
        mayEdit={!failed && editable(message, me, messageEditWindowMs, now)}
        mayDelete={!failed && message.deleted_at === null && (mine || myCollegeRole === 'admin')}
        {...actions}
      />
    );
  };
  const logProps = { className: 'message-list', role: 'log', 'aria-label': t`Messages`, 'aria-live': 'off', 'aria-description': title, tabIndex: 0 } as const;

  return (
    <>
      {virtualFrom === null ? (
        <FirstPage
          {...logProps}
          messages={messages}
          older={older}
          sentCount={sentCount}
          renderBubble={bubble}
          onShownUpTo={onShownUpTo}
          onTopReached={(topIndex) => {
            // Older messages are on the device (read, not drawn) or to be read: the
            // virtualised list draws them, and asks for more when its own top is reached
            // (once it has placed the message at the top, so that one stays in place).
            if (topIndex > 0 || hasOlder) setVirtualFrom(topIndex);
          }}
        />
      ) : (
        <Virtuoso
          ref={list}
          {...logProps}
          data={messages}
          firstItemIndex={first.index}
          initialTopMostItemIndex={virtualFrom}
          alignToBottom
          increaseViewportBy={{ top: 400, bottom: 200 }}
          computeItemKey={(_, message) => message.id}
          followOutput={(atBottom) => (atBottom ? 'smooth' : false)}
          startReached={() => {
            if (hasOlder) onLoadOlder();
          }}
          rangeChanged={({ endIndex }) => {
            const position = highestPlacedUpTo(messages, endIndex - first.index);
            if (position > 0) onShownUpTo(position);
          }}
          components={{ Header: () => older }}
          itemContent={(_, message) => bubble(message)}
        />
      )}
      <div className="visually-hidden" aria-live="polite" aria-atomic="false">
        {incoming.map((line) => (
          <p key={line.id}>{line.text}</p>
        ))}
      </div>
    </>
  );
}

/**
 * The newest messages the first page draws: more than a tall screen shows. Each change
 * (a message sent, its state) lays out every drawn bubble; older ones are drawn by the
 * virtualised list once the person scrolls back.
 */
const firstPageRows = 30;
/** Within this distance of the end, the list counts as at the end (and follows new messages). */
const atEndSlack = 48;
/** Within this distance of the top, older messages are asked for. */
const nearTop = 200;

interface FirstPageProps {
  className: string;
  role: 'log';
  'aria-label': string;
  'aria-live': 'off';
  'aria-description': string;
  tabIndex: number;
  messages: readonly MessageRow[];
  older: ReactNode;
  sentCount: number;
  renderBubble: (message: MessageRow) => ReactNode;
  onShownUpTo: (position: number) => void;
  /** Scrolled back to the top: the index of the message at the top of the screen. */
  onTopReached: (topIndex: number) => void;
}

/**
 * The first page as a plain column: at its end before the first paint, following new
 * messages while at the end, reporting the newest message on screen (the read marker) as
 * react-virtuoso's `rangeChanged` does.
 */
function FirstPage({ messages, older, sentCount, renderBubble, onShownUpTo, onTopReached, ...log }: FirstPageProps) {
  const scroller = useRef<HTMLDivElement>(null);
  const atEnd = useRef(true);
  const topReported = useRef(false);

  // The latest props, for the scroll handler and the layout effect, which run on scrolling
  // and when a message is added or placed, not on every change of a bubble's state.
  const latest = useRef({ messages, onShownUpTo, onTopReached });
  useLayoutEffect(() => {
    latest.current = { messages, onShownUpTo, onTopReached };
  });

  const look = useCallback(() => {
    const element = scroller.current;
    if (!element) return;
    atEnd.current = element.scrollHeight - element.scrollTop - element.clientHeight <= atEndSlack;
    const shown = onScreen(element);
    if (!shown) return;
    const position = highestPlacedUpTo(latest.current.messages, shown.bottom);
    if (position > 0) latest.current.onShownUpTo(position);
    // Reported once each time the top is reached.
    if (element.scrollTop > nearTop) topReported.current = false;
    else if (!topReported.current) {
      topReported.current = true;
      latest.current.onTopReached(shown.top);
    }
  }, []);

  // Opened, a message added or placed, or I sent one: to the end (when it was there, or I
  // sent), before the paint.
  const sent = useRef(sentCount);
  const newest = highestPlacedUpTo(messages, messages.length - 1);
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (atEnd.current || sent.current !== sentCount) element.scrollTop = element.scrollHeight;
    sent.current = sentCount;
    look();
  }, [messages.length, newest, sentCount, look]);

  const from = Math.max(0, messages.length - firstPageRows);
  return (
    <div ref={scroller} {...log} onScroll={look}>
      {from > 0 ? null : older}
      {messages.slice(from).map((message, index) => (
        <div key={message.id} data-index={from + index} className="message-list-item">
          {renderBubble(message)}
        </div>
      ))}
    </div>
  );
}

/** The indexes of the first message whose bottom is below the list's top edge and of the last whose top is above its bottom edge. */
function onScreen(list: HTMLElement): { top: number; bottom: number } | null {
  const box = list.getBoundingClientRect();
  let top = -1;
  let bottom = -1;
  for (const item of list.querySelectorAll<HTMLElement>(':scope > [data-index]')) {
    const rect = item.getBoundingClientRect();
    if (top === -1 && rect.bottom > box.top) top = Number(item.dataset.index);
    if (rect.top < box.bottom) bottom = Number(item.dataset.index);
  }
  return top === -1 ? null : { top, bottom };
}

/** The highest position among the messages up to index `end` (unplaced ones have none). */
function highestPlacedUpTo(messages: readonly MessageRow[], end: number): number {
  for (let i = Math.min(end, messages.length - 1); i >= 0; i--) {
    const position = messages[i]!.position;
    if (position > 0) return position;
  }
  return 0;
}

/**
 * Others' messages that arrived while the chat is open, as lines for the live region
 * ("Marta Díaz: …"): only those newer than the newest shown when it opened.
 */
function useIncoming(messages: readonly MessageRow[], me: string, names: ReadonlyMap<string, string>): { id: string; text: string }[] {
  const { t } = useLingui();
  // The newest position when the chat opened: what was there then is not news.
  const [since] = useState(() => messages.reduce((max, message) => Math.max(max, message.position), 0));
  return messages
    .filter((message) => message.position > since && message.author_id !== me && message.deleted_at === null)
    .slice(-3)
    .map((message) => {
      const author = names.get(message.author_id) ?? '';
      const text = message.text;
      return { id: message.id, text: author ? t`${author}: ${text}` : text };
    });
}
