import { defineDataModule, parsedBy } from '../../db/dataModule';

/**
 * The privacy feature's data (docs/features/privacy.md): the college's privacy settings (one
 * row, to every member) and the data exports this member asked for (theirs, or an
 * administrator's for a member), with their state. Loaded by the sync worker too: no React
 * here. Its screens, routes and outbox labels are in ui.tsx.
 */

const contract = () => import('../../../contract/privacy');

export const privacyData = defineDataModule({
  name: 'privacy',
  versions: {
    13: { stores: { privacySettings: 'id', dataExports: 'id, member_id' } },
  },
  entities: {
    privacy_settings: { table: 'privacySettings', toLocal: parsedBy(() => contract().then((c) => c.privacySettingsRow)) },
    data_exports: { table: 'dataExports', toLocal: parsedBy(() => contract().then((c) => c.dataExportRow)) },
  },
});
