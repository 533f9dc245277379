import { count } from 'drizzle-orm';
import { audienceKeys } from '../../contract/audience';
import { uuidv7 } from '../../contract/ids';
import type { Role } from '../../contract/permissions';
import { rutCheckDigit } from '../../contract/rut';
import { hashPassword } from '../auth/passwords';
import { writeInCollege, type Write } from '../sync/writeInCollege';
import type { FeatureModule, SeededCollege } from '../feature';
import type { Database } from './client';
import { colinasAdminRut, demoColleges, demoGrades, demoMembers, demoPassword, demoSectionNames, type DemoCollege } from './demoData';
import { colleges, courses, grades, places, sections, userSections, users } from './schema';

const demoPeople: Record<Role, [string, string, string]> = {
  admin: ['Patricia', 'Alarcón', 'Ríos'],
  staff: ['Daniel', 'Méndez', 'Soto'],
  student: ['Martina', 'Campos', 'Vidal'],
  guardian: ['Luis', 'Campos', 'Parra'],
};

/**
 * Adds the three demo colleges with their campuses, courses, grades, sections and people,
 * and each feature's demo rows (`seed` of server/features.ts's modules), unless the
 * database already has a college (so it is safe on every start). Returns whether it seeded.
 */
export async function seedDemoData(db: Database, features: readonly Pick<FeatureModule, 'seed'>[]): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(colleges);
  if ((existing?.n ?? 0) > 0) return false;
  // One argon2 hash for everyone: hashing ~70 passwords would make the first start slow.
  const passwordHash = await hashPassword(demoPassword);
  await db.transaction(async (tx) => {
    for (const demo of demoColleges) await seedCollege(tx, demo, passwordHash, features);
  });
  return true;
}

async function seedCollege(db: Database, demo: DemoCollege, passwordHash: string, features: readonly Pick<FeatureModule, 'seed'>[]): Promise<void> {
  const collegeId = uuidv7();
  const images = `/colleges/${demo.slug}`;
  await db.insert(colleges).values({
    id: collegeId,
    slug: demo.slug,
    name: demo.name,
    shortName: demo.shortName,
    acronym: demo.acronym,
    address: demo.address,
    communeCode: demo.communeCode,
    commune: demo.commune,
    email: `contacto@${demo.slug}.test`,
    phone: demo.phone,
    language: 'es',
    themeColor: demo.themeColor,
    image: `${images}/hero.svg`,
    imageSplash: `${images}/hero.svg`,
    imageMenu: `${images}/logo.svg`,
    logo: `${images}/logo.svg`,
    showOnboarding: true,
    appStatusPublishing: 1,
    allowSignup: demo.allowSignup,
    hostPatterns: demo.hostPatterns,
    isDefault: demo.isDefault,
  });

  // Synced tables are written through writeInCollege, so every row gets its change number.
  await writeInCollege(db, collegeId, (write) => seedSynced(write, demo, passwordHash, features));
}

async function seedSynced(write: Write, demo: DemoCollege, passwordHash: string, features: readonly Pick<FeatureModule, 'seed'>[]): Promise<void> {
  const { tx: db, collegeId, stamp } = write;
  const placeRows = demo.places.map((p) => ({ id: uuidv7(), collegeId, ...p, seq: stamp() }));
  await db.insert(places).values(placeRows);

  const courseRows = demoGrades.map((c, i) => ({ id: uuidv7(), collegeId, name: c.course, position: i + 1, seq: stamp() }));
  await db.insert(courses).values(courseRows);
  const gradeRows = demoGrades.flatMap((c, ci) =>
    c.grades.map((name) => ({ id: uuidv7(), collegeId, courseId: courseRows[ci]!.id, name, position: 0, placeId: placeRows[ci]!.id, seq: stamp() })),
  );
  gradeRows.forEach((g, i) => (g.position = i + 1));
  await db.insert(grades).values(gradeRows.map(({ placeId: _placeId, ...g }) => g));
  const sectionRows = gradeRows.flatMap((g) =>
    demoSectionNames.map((name) => ({ id: uuidv7(), collegeId, gradeId: g.id, name, placeId: g.placeId, seq: stamp() })),
  );
  await db.insert(sections).values(sectionRows);

  const people = [
    ...(['admin', 'staff', 'student', 'guardian'] as const).map((role) => ({ role, names: demoPeople[role], email: `${role}@${demo.slug}.test` })),
    ...demoMembers.map(([name, first, second, role]) => ({
      role,
      names: [name, first, second] as [string, string, string],
      email: `${ascii(name)}.${ascii(first)}@${demo.slug}.test`,
    })),
  ];
  const userRows = people.map((person, i) => {
    const body = String(demo.rutBase + i * 1013);
    const rut = demo.slug === 'colinas' && person.role === 'admin' && i === 0 ? colinasAdminRut : `${body}-${rutCheckDigit(body)}`;
    return {
      id: uuidv7(),
      collegeId,
      role: person.role,
      status: 'active' as const,
      name: person.names[0],
      firstLastname: person.names[1],
      secondLastname: person.names[2],
      email: person.email,
      rut,
      phone: `+56 9 ${String(5000_0000 + i * 137_911).replace(/(\d{4})(\d{4})/, '$1 $2')}`,
      passwordHash,
      placeId: placeRows[i % placeRows.length]!.id,
      sectionIds: [] as string[],
      // Members are synced to administrators (server/members).
      seq: stamp([audienceKeys.admins]),
    };
  });

  // Students sit in one section each; a guardian follows the student of the same rank;
  // staff teach three sections each.
  const links: { collegeId: string; userId: string; sectionId: string }[] = [];
  let student = 0;
  let guardian = 0;
  let staff = 0;
  for (const row of userRows) {
    const at = (n: number) => sectionRows[n % sectionRows.length]!.id;
    if (row.role === 'student') links.push({ collegeId, userId: row.id, sectionId: at(student++ * 3) });
    else if (row.role === 'guardian') links.push({ collegeId, userId: row.id, sectionId: at(guardian++ * 3) });
    else if (row.role === 'staff') {
      for (let k = 0; k < 3; k++) links.push({ collegeId, userId: row.id, sectionId: at(staff * 5 + k) });
      staff++;
    }
  }
  for (const link of links) userRows.find((row) => row.id === link.userId)!.sectionIds.push(link.sectionId);
  await db.insert(users).values(userRows);
  await db.insert(userSections).values(links);

  const college: SeededCollege = {
    collegeId,
    slug: demo.slug,
    courses: courseRows.map(({ id, name }) => ({ id, name })),
    grades: gradeRows.map(({ id, courseId, name }) => ({ id, courseId, name })),
    sections: sectionRows.map(({ id, gradeId, name }) => ({ id, gradeId, name })),
    users: userRows.map(({ id, role, name, firstLastname, email }) => ({ id, role, name, firstLastname, demoAccount: email === `${role}@${demo.slug}.test` })),
  };
  for (const feature of features) await feature.seed?.(write, college);
}

function ascii(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}
