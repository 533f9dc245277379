import { messages } from '../../contract/messages';
import { defineAttachmentOwner } from '../attachments/owners';
import { posts } from './schema';

/** Posts have attachments: whoever may edit a post (posts.update) may attach files to it. */
export const postAttachmentOwner = defineAttachmentOwner({ kind: 'post', table: posts, editPermission: 'content.publish', notFound: messages.postNotFound });
