import { avatarMaxBytes } from '../../../contract/auth';
import { messages } from '../../../contract/messages';

const avatarTypes = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/gif']);

/** The server checks the bytes; this only spares a pointless upload. */
export function avatarProblem(file: File): string | null {
  if (!avatarTypes.has(file.type)) return messages.avatarType;
  if (file.size > avatarMaxBytes) return messages.avatarSize;
  return null;
}
