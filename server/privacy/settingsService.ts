import { eq } from 'drizzle-orm';
import { defaultPrivacySettings, type PrivacySettingsFields, type PrivacySettingsRow } from '../../contract/privacy';
import type { Database } from '../db/client';
import { defineEntity } from '../sync/entity';
import type { MutationActor } from '../sync/mutation';
import type { Write } from '../sync/writeInCollege';
import { privacySettings } from './schema';

type SettingsRecord = typeof privacySettings.$inferSelect;

function fieldsOf(row: SettingsRecord): PrivacySettingsFields {
  return { erasure_policy: row.erasurePolicy, message_retention_months: row.messageRetentionMonths };
}

export function privacySettingsToWire(row: SettingsRecord): PrivacySettingsRow {
  return { id: row.id, ...fieldsOf(row), updated_at: row.updatedAt.toISOString() };
}

/** The college's settings (the defaults when it has no row yet). */
export async function settingsOf(db: Database, collegeId: string): Promise<PrivacySettingsFields> {
  const [row] = await db.select().from(privacySettings).where(eq(privacySettings.collegeId, collegeId));
  return row ? fieldsOf(row) : defaultPrivacySettings;
}

/** `privacy.setSettings`: both settings again; the retention job applies a new period at its next run. */
export async function setSettings(write: Write, _actor: MutationActor, args: PrivacySettingsFields): Promise<void> {
  const values = { erasurePolicy: args.erasure_policy, messageRetentionMonths: args.message_retention_months, updatedAt: new Date(), seq: write.stamp() };
  await write.tx
    .insert(privacySettings)
    .values({ id: write.collegeId, collegeId: write.collegeId, ...values })
    .onConflictDoUpdate({ target: privacySettings.id, set: values });
}

/** Every member receives the settings: the erasure screen of an administrator works offline, and members may read how long messages are kept. */
export const privacySettingsEntity = defineEntity({ name: 'privacy_settings', table: privacySettings, toWire: privacySettingsToWire });
