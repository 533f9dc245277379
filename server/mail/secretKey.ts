import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The installation's secret key, which encrypts what the database must not hold in clear
 * (the SMTP password). It lives OUTSIDE the database, so a dump or a backup of the database
 * alone reveals nothing: `PATIO_SECRET_KEY` (base64 of 32 bytes) when set, else the file
 * `secret.key` under the data directory, made once (mode 0600) at the first start. Several
 * processes on one PostgreSQL must share it: set the variable (docs/features/integrations.md).
 */
export interface SecretKey {
  seal: (plain: string) => string;
  open: (sealed: string) => string;
  /**
   * HMAC-SHA-256 of `data` under a key derived from this one for `purpose` (HKDF), so a
   * signed link (server/delivery/links.ts) proves the server made it, and a key used for one
   * purpose signs nothing of another.
   */
  mac: (purpose: string, data: Buffer) => Buffer;
}

const version = 'v1';

export function secretKeyFrom(key: Buffer): SecretKey {
  if (key.length !== 32) throw new Error('the secret key must be 32 bytes');
  const derived = new Map<string, Buffer>();
  const keyFor = (purpose: string) => {
    let k = derived.get(purpose);
    if (!k) derived.set(purpose, (k = Buffer.from(hkdfSync('sha256', key, Buffer.alloc(0), `patio ${purpose}`, 32))));
    return k;
  };
  return {
    mac: (purpose, data) => createHmac('sha256', keyFor(purpose)).update(data).digest(),
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return `${version}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`;
    },
    open(sealed) {
      const [prefix, data] = sealed.split(':', 2);
      if (prefix !== version || !data) throw new Error('unknown secret format');
      const raw = Buffer.from(data, 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(12, 28));
      return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
    },
  };
}

/** `PATIO_SECRET_KEY`, else `<dataDir>/secret.key` (made once, 0600). */
export function loadSecretKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): SecretKey {
  const fromEnv = env.PATIO_SECRET_KEY?.trim();
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('PATIO_SECRET_KEY must be the base64 of 32 bytes (openssl rand -base64 32)');
    return secretKeyFrom(key);
  }
  const file = join(dataDir, 'secret.key');
  mkdirSync(dataDir, { recursive: true });
  try {
    // `wx`: only the first process to start makes it; the others read it.
    writeFileSync(file, randomBytes(32).toString('base64'), { flag: 'wx', mode: 0o600 });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} must hold the base64 of 32 bytes`);
  return secretKeyFrom(key);
}
