import type { OutboxEntry } from '../db/database';

/**
 * The name of the file an `attachments.remove` entry takes off (removeAttachments.ts), or an
 * `attachments.describe` entry describes (describeAttachments.ts), from
 * its owner's row as it was before, for the outbox's label; '' when unknown. A tiny file:
 * the features' ui.tsx, in the shell's first download, use it.
 */
export function removedFileName(entry: OutboxEntry): string {
  const files: unknown = entry.before?.row?.attachments;
  const id = (entry.args as { id?: unknown } | null)?.id;
  const file = Array.isArray(files) ? (files as { id?: unknown; name?: unknown }[]).find((candidate) => candidate.id === id) : undefined;
  return typeof file?.name === 'string' ? file.name : '';
}
