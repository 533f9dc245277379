import { memberMutations } from '../../contract/members';
import { defineMutation } from '../sync/mutation';
import { approveMember, createMember, deleteMember, deleteMemberPin, rejectMember, setMemberPin, updateMember } from './memberService';
import { queueApprovalMail } from './approvalMail';

/** members.* as pushed by administrators' devices (contract/members.ts `memberMutations`). */
export const memberMutationHandlers = [
  defineMutation({
    name: 'members.create',
    permission: 'users.manage',
    args: memberMutations['members.create'],
    apply: async (write, actor, args) => void (await createMember(write, actor, args)),
  }),
  defineMutation({
    name: 'members.update',
    permission: 'users.manage',
    args: memberMutations['members.update'],
    apply: async (write, actor, args) => void (await updateMember(write, actor, args)),
  }),
  defineMutation({
    name: 'members.approve',
    permission: 'users.manage',
    args: memberMutations['members.approve'],
    apply: async (write, actor, args) => {
      const member = await approveMember(write, actor, args);
      await queueApprovalMail(write, member);
    },
  }),
  defineMutation({
    name: 'members.reject',
    permission: 'users.manage',
    args: memberMutations['members.reject'],
    apply: (write, actor, args) => rejectMember(write, actor, args),
  }),
  defineMutation({
    name: 'members.delete',
    permission: 'users.manage',
    args: memberMutations['members.delete'],
    apply: async (write, actor, args) => void (await deleteMember(write, actor, args)),
  }),
  defineMutation({
    name: 'members.setPin',
    permission: 'users.manage',
    args: memberMutations['members.setPin'],
    apply: async (write, actor, args) => void (await setMemberPin(write, actor, args)),
  }),
  defineMutation({
    name: 'members.deletePin',
    permission: 'users.manage',
    args: memberMutations['members.deletePin'],
    apply: async (write, actor, args) => void (await deleteMemberPin(write, actor, args)),
  }),
];
