import { createECDH } from 'node:crypto';
import { eq } from 'drizzle-orm';
import webPush from 'web-push';
import type { Database } from '../db/client';
import { installationKeys } from './schema';

/** The installation's VAPID identity (RFC 8292): the key pair push services know this server by. */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A `mailto:` or `https:` contact for the push services' operators. */
  subject: string;
}

const keyName = 'vapid';

/**
 * The VAPID keys: from the environment (`VAPID_PUBLIC_KEY`, `VAPID_PRIVATE_KEY`,
 * `VAPID_SUBJECT`) when given, else made once per installation and kept in the database,
 * so every API process and every restart signs with the same pair (a new pair would
 * orphan every browser's subscription). Two processes starting at once: the first insert
 * wins and both read it back.
 */
export async function loadVapidKeys(db: Database, env: NodeJS.ProcessEnv = process.env): Promise<VapidKeys> {
  const subject = env.VAPID_SUBJECT?.trim() || 'mailto:admin@patio.invalid';
  const [givenPublic, givenPrivate] = [env.VAPID_PUBLIC_KEY?.trim(), env.VAPID_PRIVATE_KEY?.trim()];
  if (givenPublic && givenPrivate) return checked({ publicKey: givenPublic, privateKey: givenPrivate, subject });
  const stored = async () => (await db.select({ value: installationKeys.value }).from(installationKeys).where(eq(installationKeys.name, keyName)))[0];
  let row = await stored();
  if (!row) {
    await db
      .insert(installationKeys)
      .values({ name: keyName, value: JSON.stringify(webPush.generateVAPIDKeys()) })
      .onConflictDoNothing();
    row = await stored();
  }
  const { publicKey, privateKey } = JSON.parse(row!.value) as { publicKey: string; privateKey: string };
  return checked({ publicKey, privateKey, subject });
}

/**
 * Refuses to start with keys that cannot sign: a typo in the environment would otherwise
 * surface only as every push failing, one log line per message. The public key must be the
 * private key's (browsers subscribed with it), and the subject a `mailto:` or `https:` URL.
 */
function checked(keys: VapidKeys): VapidKeys {
  try {
    webPush.getVapidHeaders('https://fcm.googleapis.com', keys.subject, keys.publicKey, keys.privateKey, 'aes128gcm');
    const ecdh = createECDH('prime256v1');
    ecdh.setPrivateKey(Buffer.from(keys.privateKey, 'base64url'));
    if (ecdh.getPublicKey('base64url') !== keys.publicKey) throw new Error("the public key is not the private key's");
  } catch (error) {
    throw new Error(`VAPID keys (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT) cannot sign: ${error instanceof Error ? error.message : String(error)}`, {
      cause: error,
    });
  }
  return keys;
}
