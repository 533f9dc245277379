import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client';
import { rowsOf as rawRows } from './restamp';

/**
 * What a member's data export holds (docs/features/privacy.md, "What an export holds"), read
 * from the features' tables by name: a feature imports no other feature, and these reads
 * only select. Only the member's own rows: what they wrote, their receipts and reads, their
 * own messages (never what others wrote in the same conversations), and their files.
 */

type Row = Record<string, unknown>;

async function rowsOf(db: Database, query: SQL): Promise<Row[]> {
  return (await rawRows<Row>(db, query)).map(isoDates);
}

/** Dates as ISO strings whatever the driver returns (PGlite and pg differ). */
function isoDates(row: Row): Row {
  return Object.fromEntries(Object.entries(row).map(([key, value]) => [key, value instanceof Date ? value.toISOString() : value]));
}

/** A file to put under `files/` in the zip: on the data folder's disk, or in the uploads' storage. */
export interface ExportFile {
  /** The path inside the zip. */
  name: string;
  source: { disk: string } | { storage: string };
}

export interface ExportContent {
  /** `<name>.json` files at the zip's root. */
  json: Record<string, unknown>;
  /** Document and attachment files: their keys in the college's documents folder. */
  documentKeys: { name: string; key: string }[];
  /** The avatar's storage key, if any. */
  avatarKey: string | null;
}

const extensions: Record<string, string> = {
  'application/pdf': 'pdf',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'docx',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'xlsx',
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': 'pptx',
  'application/vnd.oasis.opendocument.text': 'odt',
  'application/vnd.oasis.opendocument.spreadsheet': 'ods',
  'application/vnd.oasis.opendocument.presentation': 'odp',
  'text/plain': 'txt',
};

/**
 * A name safe in any unzip tool: letters, digits, spaces, dots, dashes and underscores,
 * at most 80 characters, prefixed by the row's id so two files never share a name.
 */
export function fileNameOf(id: string, title: string, mimeType: string): string {
  const ext = extensions[mimeType] ?? 'bin';
  const base = title
    .normalize('NFC')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[^\p{L}\p{N} ._-]+/gu, '_')
    .replace(/^[.\s]+/, '')
    .slice(0, 80)
    .trim();
  return `${id}${base ? `-${base}` : ''}.${ext}`;
}

/** Everything of the member's the export holds, read in one snapshot. */
export async function exportContentOf(db: Database, collegeId: string, memberId: string): Promise<ExportContent | null> {
  return db.transaction(
    async (tx) => {
      const [profile] = await rowsOf(
        tx,
        sql`select u.id, u.role, u.status, u.name, u.first_lastname, u.second_lastname, u.email, u.rut, u.phone, u.birthdate,
                   u.promotions, u.child_ids, u.created_at, u.updated_at, u.avatar,
                   array(select s.name from sections s where s.id = any(u.section_ids::uuid[]) order by s.name) as sections,
                   (select p.name from places p where p.id = u.place_id) as place
            from users u where u.id = ${memberId} and u.college_id = ${collegeId} and u.removed_at is null`,
      );
      if (!profile) return null;
      const avatarKey = typeof profile.avatar === 'string' ? profile.avatar : null;
      delete profile.avatar;
      const preferences = await rowsOf(
        tx,
        sql`select quiet_hours, quiet_start, quiet_end, updated_at from notification_preferences where user_id = ${memberId} and college_id = ${collegeId}`,
      );
      const devices = await rowsOf(
        tx,
        sql`select user_agent, created_at, last_pushed_at from push_subscriptions where user_id = ${memberId} and college_id = ${collegeId} order by created_at`,
      );
      const [feed] = await rowsOf(tx, sql`select created_at from calendar_feeds where user_id = ${memberId} and college_id = ${collegeId}`);
      const posts = await rowsOf(
        tx,
        sql`select p.id, p.title, p.content, c.name as category, p.scope, p.published_at, p.created_at, p.updated_at, p.views
            from posts p left join categories c on c.id = p.category_id
            where p.college_id = ${collegeId} and p.author_id = ${memberId} and p.deleted_at is null order by p.created_at`,
      );
      const events = await rowsOf(
        tx,
        sql`select id, name, description, location, category, all_day, start, "end", time_zone, repeat_freq, repeat_until, repeat_count, scope, created_at, updated_at
            from events where college_id = ${collegeId} and author_id = ${memberId} and deleted_at is null order by created_at`,
      );
      const notifications = await rowsOf(
        tx,
        sql`select id, title, content, emergency, scope, created_at, sent_to
            from notifications where college_id = ${collegeId} and author_id = ${memberId} and deleted_at is null order by created_at`,
      );
      const documents = await rowsOf(
        tx,
        sql`select d.id, d.title, d.mime_type, d.size, d.sha256, d.scope, d.created_at, d.updated_at, d.file_key, c.name as category
            from documents d left join document_categories c on c.id = d.category_id
            where d.college_id = ${collegeId} and d.author_id = ${memberId} and d.deleted_at is null order by d.created_at`,
      );
      const attachments = await rowsOf(
        tx,
        sql`select id, owner_kind, owner_id, name, mime_type, size, sha256, created_at, file_key
            from attachments where college_id = ${collegeId} and uploader_id = ${memberId} and removed_at is null order by created_at`,
      );
      const receipts = await rowsOf(
        tx,
        sql`select r.notification_id, n.title, r.read_at, r.acknowledged_at
            from notification_receipts r join notifications n on n.id = r.notification_id
            where r.college_id = ${collegeId} and r.user_id = ${memberId} and r.deleted_at is null and n.deleted_at is null order by n.created_at`,
      );
      const postViews = await rowsOf(
        tx,
        sql`select v.post_id, p.title, v.viewed_at from post_views v join posts p on p.id = v.post_id
            where v.college_id = ${collegeId} and v.user_id = ${memberId} and p.deleted_at is null order by v.viewed_at`,
      );
      const downloads = await rowsOf(
        tx,
        sql`select x.document_id, d.title, x.first_at from document_downloads x join documents d on d.id = x.document_id
            where x.college_id = ${collegeId} and x.user_id = ${memberId} and d.deleted_at is null order by x.first_at`,
      );
      const conversations = await rowsOf(
        tx,
        sql`select c.id, c.kind, c.name, c.description, c.created_at, m.role as my_role, m.joined_at, m.muted, m.read_position,
                   coalesce((select json_agg(json_build_object('id', x.id, 'position', x.position, 'text', x.text, 'created_at', x.created_at, 'edited_at', x.edited_at) order by x.position)
                             from messages x where x.conversation_id = c.id and x.author_id = ${memberId} and x.deleted_at is null and x.retracted_at is null), '[]'::json) as my_messages
            from conversation_members m join conversations c on c.id = m.conversation_id
            where m.college_id = ${collegeId} and m.user_id = ${memberId} and m.deleted_at is null and c.deleted_at is null order by c.created_at`,
      );
      const documentKeys = [
        ...documents.map((d) => ({ name: `files/documents/${fileNameOf(String(d.id), String(d.title), String(d.mime_type))}`, key: String(d.file_key) })),
        ...attachments.map((a) => ({ name: `files/attachments/${fileNameOf(String(a.id), String(a.name), String(a.mime_type))}`, key: String(a.file_key) })),
      ].filter((file) => file.key !== '');
      const withoutKey = (row: Row): Row => {
        const { file_key: _key, ...rest } = row;
        return rest;
      };
      return {
        json: {
          profile: { ...profile, notification_preferences: preferences[0] ?? null, push_devices: devices, calendar_feed: feed ?? null },
          posts,
          events,
          notifications,
          documents: documents.map(withoutKey),
          attachments: attachments.map(withoutKey),
          receipts: { notifications: receipts, posts_viewed: postViews, documents_downloaded: downloads },
          messages: conversations,
        },
        documentKeys,
        avatarKey,
      };
    },
    { accessMode: 'read only', isolationLevel: 'repeatable read' },
  );
}
