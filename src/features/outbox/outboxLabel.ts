import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import type { OutboxEntry } from '../../db/database';

const titleOf = (args: unknown): string =>
  typeof args === 'object' && args !== null && typeof (args as { title?: unknown }).title === 'string' ? (args as { title: string }).title : '';

/**
 * A readable name for a queued change ("New publication: <title>"). `knownTitle` is the
 * title of the row it touches when the change itself does not carry one (a delete, a view).
 */
export function outboxLabel(i18n: I18n, entry: OutboxEntry, knownTitle: string | undefined): string {
  // A delete's row is gone: its before-image still knows the title.
  const name = entry.name;
  const title = titleOf(entry.args) || knownTitle || titleOf(entry.before?.row) || '';
  switch (entry.name) {
    case 'posts.create':
      return i18n._(msg`New publication: ${title}`);
    case 'posts.update':
      return i18n._(msg`Edited publication: ${title}`);
    case 'posts.delete':
      return title ? i18n._(msg`Deleted publication: ${title}`) : i18n._(msg`Deleted publication`);
    case 'posts.view':
      return title ? i18n._(msg`Read publication: ${title}`) : i18n._(msg`Read publication`);
    default:
      return i18n._(msg`Change: ${name}`);
  }
}

/** Where the person can fix a refused change, when there is a form for it. */
export function fixHref(entry: OutboxEntry): string | null {
  if (entry.seq === undefined) return null;
  if (entry.name === 'posts.create' || entry.name === 'posts.update') return `/blog/post/${entry.entityId}/edit?resend=${entry.seq}`;
  return null;
}

/** Where the changed item can be seen, if anywhere. */
export function itemHref(entry: OutboxEntry): string | null {
  if (entry.entity === 'posts' && entry.name !== 'posts.delete') return `/blog/post/${entry.entityId}`;
  if (entry.entity === 'viewedPosts') return `/blog/post/${entry.entityId}`;
  return null;
}
