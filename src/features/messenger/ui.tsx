import type { I18n } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import type { OutboxEntry } from '../../db/database';
import { defineUiModule } from '../../modules/uiModule';
import { session } from '../../session/session';
import { MessageIcon } from '../../ui/icons';
import { entryConversation, entryFlag, entryMemberName, entryName, entryText, firstWords } from './outboxText';

/**
 * What the messenger shows (docs/features/messenger.md): the conversations (`/messenger`), a new
 * group, a chat and its details, the Messages entry of the navigation with the unread
 * count, the administrators' reports of messages, the delivered markers sent whatever
 * screen is open, and the outbox labels of its changes. In the shell's first download (the
 * router needs the routes): keep it free of screens, Dexie queries and zod.
 */

const mutations = [
  'messenger.startDirect',
  'messenger.createGroup',
  'messenger.updateGroup',
  'messenger.addMembers',
  'messenger.removeMember',
  'messenger.setAdmin',
  'messenger.leave',
  'messenger.mute',
  'messenger.send',
  'messenger.edit',
  'messenger.delete',
  'messenger.delivered',
  'messenger.read',
  'messenger.report',
  'messenger.setRules',
];

function label(i18n: I18n, entry: OutboxEntry, knownTitle: string): string {
  const conversation = entryName(entry) || knownTitle;
  const words = firstWords(entryText(entry));
  const member = entryMemberName(entry);
  switch (entry.name) {
    case 'messenger.send':
      return conversation ? i18n._(msg`Message to ${conversation}: ${words}`) : i18n._(msg`Message: ${words}`);
    case 'messenger.edit':
      return conversation ? i18n._(msg`Edited message in ${conversation}: ${words}`) : i18n._(msg`Edited message: ${words}`);
    case 'messenger.delete':
      return conversation ? i18n._(msg`Deleted message in ${conversation}: ${words}`) : i18n._(msg`Deleted message: ${words}`);
    case 'messenger.startDirect':
      return conversation ? i18n._(msg`New conversation with ${conversation}`) : i18n._(msg`New conversation`);
    case 'messenger.createGroup':
      return i18n._(msg`New group: ${conversation}`);
    case 'messenger.updateGroup':
      return i18n._(msg`Edited group: ${conversation}`);
    case 'messenger.addMembers':
      return i18n._(msg`Added members to ${conversation}`);
    case 'messenger.removeMember':
      return member ? i18n._(msg`Removed ${member} from ${conversation}`) : i18n._(msg`Removed a member from ${conversation}`);
    case 'messenger.setAdmin':
      return entryFlag(entry, 'admin')
        ? i18n._(msg`Made ${member} an admin of ${conversation}`)
        : i18n._(msg`${member} is no longer an admin of ${conversation}`);
    case 'messenger.leave':
      return i18n._(msg`Left the group ${conversation}`);
    case 'messenger.mute':
      return entryFlag(entry, 'muted') ? i18n._(msg`Muted: ${conversation}`) : i18n._(msg`Unmuted: ${conversation}`);
    case 'messenger.setRules':
      return i18n._(msg`Who may write to whom`);
    case 'messenger.report':
      return conversation ? i18n._(msg`Reported a message in ${conversation}`) : i18n._(msg`Reported a message`);
    default:
      // The markers are background changes (never listed); named all the same.
      return i18n._(msg`Read messages in ${conversation}`);
  }
}

const readingScreens = () => import('./readRoutes');
const writingScreens = () => import('./writeRoutes');

export const messengerUi = defineUiModule({
  name: 'messenger',
  data: 'messenger',
  routes: [
    {
      path: 'messenger',
      children: [
        { index: true, lazy: () => readingScreens().then((m) => m.conversationsRoute) },
        { path: 'groups/new', lazy: () => writingScreens().then((m) => m.newGroupRoute) },
        // Its own chunk: it carries the virtualised list.
        { path: ':conversation', lazy: () => import('./chatRoute').then((m) => m.chatRoute) },
        { path: ':conversation/info', lazy: () => writingScreens().then((m) => m.infoRoute) },
      ],
    },
    { path: 'admin/messenger/reports', lazy: () => import('./reportsRoute').then((m) => m.reportsRoute) },
    { path: 'admin/messenger/rules', lazy: () => import('./rulesRoute').then((m) => m.rulesRoute) },
  ],
  keptAfterStart: [writingScreens],
  nav: [
    {
      to: '/messenger',
      section: '/messenger',
      label: msg`Messages`,
      icon: MessageIcon,
      order: 250,
      count: {
        load: () => import('./unreadCount').then((m) => m.useUnreadMessages),
        describe: (i18n, count) => i18n._(msg`${plural(count, { one: '# unread message', other: '# unread messages' })}`),
      },
    },
  ],
  admin: [
    {
      to: '/admin/messenger/reports',
      label: msg`Reported messages`,
      description: msg`Messages that members asked the administrators to look at.`,
      icon: MessageIcon,
      order: 400,
      permission: 'messenger.reports.read',
    },
    {
      to: '/admin/messenger/rules',
      label: msg`Who may write to whom`,
      description: msg`Which members may start a conversation with which, and whether students write in groups.`,
      icon: MessageIcon,
      order: 410,
      permission: 'messenger.rules.manage',
    },
  ],
  // Tells the senders their messages reached this device, whatever screen is open.
  background: () => import('./DeliveredMarks').then((m) => m.DeliveredMarks),
  outbox: {
    mutations,
    label,
    // A refused message is tried again or discarded from its bubble or the outbox: there is no form.
    fixHref: () => null,
    itemHref(entry: OutboxEntry) {
      if (entry.name === 'messenger.setRules') return '/admin/messenger/rules';
      if (entry.name === 'messenger.leave') return null;
      const conversation = entryConversation(entry);
      return conversation ? `/messenger/${conversation}` : null;
    },
    async titles(db, entries) {
      const me = session.getState().user?.id ?? '';
      const { conversationTitles } = await import('./outboxTitles');
      return conversationTitles(db, entries, me);
    },
  },
});
