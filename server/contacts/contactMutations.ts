import { createContactArgs, deleteContactArgs, updateContactArgs } from '../../contract/contacts';
import { defineMutation } from '../sync/mutation';
import { createContact, deleteContact, updateContact } from './contactService';

/** contacts.* as pushed by devices (contract/contacts.ts `contactMutations`): administrators only. */
export const contactMutationHandlers = [
  defineMutation({
    name: 'contacts.create',
    permission: 'contacts.manage',
    args: createContactArgs,
    apply: async (write, actor, args) => void (await createContact(write, actor, args)),
  }),
  defineMutation({
    name: 'contacts.update',
    permission: 'contacts.manage',
    args: updateContactArgs,
    apply: async (write, actor, args) => void (await updateContact(write, actor, args)),
  }),
  defineMutation({
    name: 'contacts.delete',
    permission: 'contacts.manage',
    args: deleteContactArgs,
    apply: (write, actor, args) => deleteContact(write, actor, args),
  }),
];
