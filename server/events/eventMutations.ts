import { createEventArgs, deleteEventArgs, updateEventArgs, viewEventArgs } from '../../contract/events';
import { defineMutation } from '../sync/mutation';
import { viewEvent } from './eventDelivery';
import { createEvent, deleteEvent, updateEvent } from './eventService';

/** events.* as pushed by devices (contract/events.ts `eventMutations`). */
export const eventMutationHandlers = [
  defineMutation({
    name: 'events.create',
    permission: 'content.publish',
    args: createEventArgs,
    apply: async (write, actor, args) => void (await createEvent(write, actor, args)),
  }),
  defineMutation({
    name: 'events.update',
    permission: 'content.publish',
    args: updateEventArgs,
    apply: async (write, actor, args) => void (await updateEvent(write, actor, args)),
  }),
  defineMutation({
    name: 'events.delete',
    permission: 'content.publish',
    args: deleteEventArgs,
    apply: (write, actor, args) => deleteEvent(write, actor, args),
  }),
  defineMutation({
    name: 'events.view',
    args: viewEventArgs,
    apply: (write, actor, args) => viewEvent(write, actor, args),
  }),
];
