import { eraseMemberArgs, privacySettingsFields, requestExportArgs } from '../../contract/privacy';
import { defineMutation } from '../sync/mutation';
import { eraseMember } from './erasure';
import { requestExport } from './exportService';
import { setSettings } from './settingsService';

/** privacy.* as pushed by devices: asking for one's data (or, for administrators, a member's), erasing a member, the college's settings. */
export const privacyMutationHandlers = [
  defineMutation({
    name: 'privacy.requestExport',
    permission: 'privacy.exportOwn',
    args: requestExportArgs,
    apply: async (write, actor, args) => {
      await requestExport(write, actor, args);
    },
  }),
  defineMutation({
    name: 'privacy.erase',
    permission: 'privacy.manage',
    args: eraseMemberArgs,
    apply: async (write, actor, args) => {
      await eraseMember(write, actor, args);
    },
  }),
  defineMutation({ name: 'privacy.setSettings', permission: 'privacy.manage', args: privacySettingsFields, apply: setSettings }),
];
