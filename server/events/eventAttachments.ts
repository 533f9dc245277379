import { messages } from '../../contract/messages';
import { defineAttachmentOwner } from '../attachments/owners';
import { events } from './schema';

/**
 * Events have attachments: whoever may edit an event (events.update) may attach files to it.
 * Its `sequence` stays: calendar files do not carry the attachments.
 */
export const eventAttachmentOwner = defineAttachmentOwner({
  kind: 'event',
  table: events,
  editPermission: 'content.publish',
  notFound: messages.eventNotFound,
});
