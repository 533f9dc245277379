import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { archiveNamePattern } from './manifest';

/** Deletes all but the newest `keep` archives of `folder` (by their names' times); answers what it deleted. */
export async function keepNewest(folder: string, keep: number): Promise<string[]> {
  const archives = (await readdir(folder)).filter((name) => archiveNamePattern.test(name)).sort();
  const old = archives.slice(0, Math.max(0, archives.length - Math.max(1, keep)));
  for (const name of old) await rm(join(folder, name), { force: true });
  return old;
}
