import { sendMessageArgs } from '../../../contract/messenger';

/** The composer's one field, checked with the rule the server applies to `messenger.send` and `messenger.edit`. */
export const composerText = sendMessageArgs.pick({ text: true });
