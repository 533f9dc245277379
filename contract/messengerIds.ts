/**
 * The messenger's ids made the same on every device and the server, without zod: the app's
 * background work (the delivered markers) imports them, and reading the news must not load
 * zod (tests/e2e/newsDownload.spec.ts). contract/messenger.ts re-exports them.
 */

/** The id of a member's row in a conversation. */
export const conversationMemberId = (conversationId: string, userId: string): string => `${conversationId.toLowerCase()}:${userId.toLowerCase()}`;

/**
 * The id of the one-to-one conversation of two members: the first 16 bytes of
 * SHA-256(`direct:<smaller id>:<larger id>`), shaped as a UUID of version 8 (RFC 9562's
 * custom version). The same on every device and the server.
 */
export async function directConversationId(userA: string, userB: string): Promise<string> {
  const [a, b] = [userA.toLowerCase(), userB.toLowerCase()].sort();
  const digest = new Uint8Array(await globalThis.crypto.subtle.digest('SHA-256', new TextEncoder().encode(`direct:${a}:${b}`)));
  const bytes = digest.slice(0, 16);
  bytes[6] = (bytes[6]! & 0x0f) | 0x80;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = Array.from(bytes, (x) => x.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
