import {
  addMembersArgs,
  createGroupArgs,
  deleteMessageArgs,
  editMessageArgs,
  leaveArgs,
  markArgs,
  muteArgs,
  removeMemberArgs,
  reportMessageArgs,
  sendMessageArgs,
  setAdminArgs,
  startDirectArgs,
  updateGroupArgs,
} from '../../contract/messenger';
import { setMessengerRulesArgs } from '../../contract/messengerRules';
import { defineMutation } from '../sync/mutation';
import { setRules } from './messengerRulesService';
import * as service from './messengerService';

/** messenger.* as pushed by devices (contract/messenger.ts `messengerMutations`): every member; the service checks who may do what in a conversation. */
export const messengerMutationHandlers = [
  defineMutation({ name: 'messenger.startDirect', permission: 'messenger.use', args: startDirectArgs, apply: service.startDirect }),
  defineMutation({ name: 'messenger.createGroup', permission: 'messenger.groups.create', args: createGroupArgs, apply: service.createGroup }),
  defineMutation({ name: 'messenger.updateGroup', permission: 'messenger.use', args: updateGroupArgs, apply: service.updateGroup }),
  defineMutation({ name: 'messenger.addMembers', permission: 'messenger.use', args: addMembersArgs, apply: service.addGroupMembers }),
  defineMutation({ name: 'messenger.setAdmin', permission: 'messenger.use', args: setAdminArgs, apply: service.setAdmin }),
  defineMutation({ name: 'messenger.removeMember', permission: 'messenger.use', args: removeMemberArgs, apply: service.removeMember }),
  defineMutation({ name: 'messenger.leave', permission: 'messenger.use', args: leaveArgs, apply: service.leave }),
  defineMutation({ name: 'messenger.mute', permission: 'messenger.use', args: muteArgs, apply: service.mute }),
  defineMutation({ name: 'messenger.send', permission: 'messenger.use', args: sendMessageArgs, apply: service.sendMessage }),
  defineMutation({ name: 'messenger.edit', permission: 'messenger.use', args: editMessageArgs, apply: service.editMessage }),
  defineMutation({ name: 'messenger.delete', permission: 'messenger.use', args: deleteMessageArgs, apply: service.deleteMessage }),
  defineMutation({
    name: 'messenger.delivered',
    permission: 'messenger.use',
    args: markArgs,
    apply: (write, actor, args) => service.mark(write, actor, args, 'delivered'),
  }),
  defineMutation({
    name: 'messenger.read',
    permission: 'messenger.use',
    args: markArgs,
    apply: (write, actor, args) => service.mark(write, actor, args, 'read'),
  }),
  defineMutation({ name: 'messenger.setRules', permission: 'messenger.rules.manage', args: setMessengerRulesArgs, apply: setRules }),
  defineMutation({ name: 'messenger.report', permission: 'messenger.use', args: reportMessageArgs, apply: service.reportMessage }),
];
