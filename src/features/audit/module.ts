import { defineDataModule, parsedBy } from '../../db/dataModule';

/**
 * The audit trail's data on the device (docs/features/audit.md): only the college's retention
 * (one row, synced to administrators), so the setting shows and changes offline. The records
 * themselves are read online (REST), never stored on devices. Loaded by the sync worker
 * too: no React here; the screen is in ui.tsx.
 */
export const auditData = defineDataModule({
  name: 'audit',
  versions: {
    14: { stores: { auditSettings: 'id' } },
  },
  entities: {
    audit_settings: { table: 'auditSettings', toLocal: parsedBy(() => import('../../../contract/audit').then((c) => c.auditSettingsRow)) },
  },
});
