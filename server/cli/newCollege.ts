import { eq } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import type { Database } from '../db/client';
import { colleges } from '../db/schema';
import type { FeatureModule, NewCollege } from '../feature';
import { writeInCollege } from '../sync/writeInCollege';

/** A college as `npm`'s `addCollege` command describes it (server/cli/addCollege.ts). */
export interface CollegeInput {
  slug: string;
  name: string;
  shortName?: string;
  hosts: readonly string[];
  theme: string;
  language: string;
  isDefault: boolean;
  allowSignup: boolean;
  /** Its first administrator, invited by mail instead of given a typed password (`--admin-email`). */
  firstAdmin?: NewCollege['firstAdmin'];
}

/**
 * Adds the college, then what each feature starts a college with (a first post category in
 * its language; with `firstAdmin`, its first administrator and their invitation) in one write.
 * Answers the new college's id, or null when the slug is taken.
 */
export async function addCollege(db: Database, features: readonly Pick<FeatureModule, 'newCollege'>[], input: CollegeInput): Promise<string | null> {
  const [taken] = await db.select({ id: colleges.id }).from(colleges).where(eq(colleges.slug, input.slug)).limit(1);
  if (taken) return null;
  if (input.isDefault) await db.update(colleges).set({ isDefault: false });
  const id = uuidv7();
  await db.insert(colleges).values({
    id,
    slug: input.slug,
    name: input.name,
    shortName: input.shortName?.trim() || input.name,
    language: input.language,
    themeColor: input.theme.toLowerCase(),
    hostPatterns: [...input.hosts],
    isDefault: input.isDefault,
    allowSignup: input.allowSignup,
    image: `/colleges/${input.slug}/hero.svg`,
    imageSplash: `/colleges/${input.slug}/hero.svg`,
    imageMenu: `/colleges/${input.slug}/logo.svg`,
    logo: `/colleges/${input.slug}/logo.svg`,
  });
  await writeInCollege(db, id, async (write) => {
    const college: NewCollege = { language: input.language, ...(input.firstAdmin ? { firstAdmin: input.firstAdmin } : {}) };
    for (const feature of features) await feature.newCollege?.(write, college);
  });
  return id;
}
