import { msg } from '@lingui/core/macro';
import { defineUiModule } from '../../modules/uiModule';
import { ShieldIcon } from '../../ui/icons';

/**
 * What the privacy feature shows (docs/features/privacy.md): the college's settings
 * (`/admin/privacy`, an administration entry), the "Your data" card of the profile, the
 * privacy card of an administrator's member screen, and the outbox labels of its changes.
 * In the shell's first download: keep it free of screens, Dexie queries and zod.
 */

const mutations = ['privacy.requestExport', 'privacy.erase', 'privacy.setSettings'];

/** The name an entry carries for its label (the erased member's, or the export's subject). */
function entryName(args: unknown): string {
  const name = (args as { name?: unknown } | null)?.name;
  return typeof name === 'string' ? name : '';
}

export const privacyUi = defineUiModule({
  name: 'privacy',
  data: 'privacy',
  routes: [{ path: 'admin/privacy', lazy: () => import('./settingsRoute').then((m) => m.settingsRoute) }],
  admin: [
    {
      to: '/admin/privacy',
      label: msg`Privacy`,
      description: msg`What an erasure keeps of what a member wrote, and how long messages are kept.`,
      icon: ShieldIcon,
      order: 420,
      permission: 'privacy.manage',
    },
  ],
  profile: [{ order: 200, load: () => import('./MyDataCard').then((m) => m.MyDataCard) }],
  member: [{ order: 100, load: () => import('./MemberPrivacyCard').then((m) => m.MemberPrivacyCard) }],
  outbox: {
    mutations,
    label(i18n, entry) {
      const name = entryName(entry.args);
      switch (entry.name) {
        case 'privacy.requestExport':
          return name ? i18n._(msg`Copy of the data of ${name}`) : i18n._(msg`Copy of my data`);
        case 'privacy.erase':
          return name ? i18n._(msg`Erase ${name}`) : i18n._(msg`Erase a member`);
        default:
          return i18n._(msg`Privacy settings`);
      }
    },
    fixHref: () => null,
    itemHref(entry) {
      if (entry.name === 'privacy.setSettings') return '/admin/privacy';
      const memberId = (entry.args as { member_id?: unknown } | null)?.member_id;
      if (entry.name === 'privacy.requestExport') return entryName(entry.args) && typeof memberId === 'string' ? `/users/${memberId}` : '/app/profile';
      return null;
    },
  },
});
