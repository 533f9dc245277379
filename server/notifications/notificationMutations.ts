import { createNotificationArgs, notificationReceiptArgs, remindNotificationArgs } from '../../contract/notifications';
import { defineMutation } from '../sync/mutation';
import { createNotification, recordReceipt, remindNotification } from './notificationService';

/** notifications.* as pushed by devices. Reading and acknowledging are any member's, on their own receipt. */
export const notificationMutationHandlers = [
  defineMutation({
    name: 'notifications.create',
    permission: 'content.publish',
    args: createNotificationArgs,
    apply: async (write, actor, args) => void (await createNotification(write, actor, args)),
  }),
  defineMutation({
    name: 'notifications.read',
    args: notificationReceiptArgs,
    apply: (write, actor, args) => recordReceipt(write, actor, args, false),
  }),
  defineMutation({
    name: 'notifications.acknowledge',
    args: notificationReceiptArgs,
    apply: (write, actor, args) => recordReceipt(write, actor, args, true),
  }),
  defineMutation({
    name: 'notifications.remind',
    permission: 'content.publish',
    args: remindNotificationArgs,
    apply: (write, actor, args) => remindNotification(write, actor, args),
  }),
];
