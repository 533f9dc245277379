import { hash, verify } from '@node-rs/argon2';

// @node-rs/argon2 defaults to argon2id (m=19 MiB, t=2, p=1), OWASP's recommended minimum.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verifying against a real hash when the account does not exist keeps the answer time the
// same, so timing does not tell which emails are registered.
let decoyHash: Promise<string> | null = null;
export async function verifyDecoy(password: string): Promise<false> {
  decoyHash ??= hashPassword('patio-decoy-password');
  await verifyPassword(await decoyHash, password);
  return false;
}

/**
 * A password no one can type: members made by an administrator, an import or the roster
 * sign in after an invitation or a reset.
 */
export const unusablePassword = '!no-password';
