/**
 * A database (migrated, demo-seeded; embedded) whose colinas college has `total` members:
 * the demo ones plus generated families (students in a section, guardians, some staff),
 * written by the server's own CSV import (`importMembers`, one transaction), as an
 * administrator's start of year would. Deterministic (seeded random).
 */
import { and, count, eq, isNull } from 'drizzle-orm';
import type { MemberImportRow } from '../../contract/members';
import { openDatabase } from '../../server/db/client';
import { colleges, grades, sections, users } from '../../server/db/schema';
import { seedDemoData } from '../../server/db/seed';
import { features } from '../../server/features';
import { importMembers } from '../../server/members/memberImport';
import { pick, random } from './seedPosts';

export interface SeededMembers {
  collegeSlug: string;
  adminUserId: string;
  /** Members of the college in the database, demo ones included. */
  totalMembers: number;
}

const names = [
  'Sofía',
  'Martina',
  'Isidora',
  'Florencia',
  'Agustina',
  'Emilia',
  'Josefa',
  'Trinidad',
  'Benjamín',
  'Vicente',
  'Mateo',
  'Agustín',
  'Tomás',
  'Joaquín',
  'Lucas',
  'Maximiliano',
  'José',
  'María',
  'Juan',
  'Camila',
];
const lastNames = [
  'González',
  'Muñoz',
  'Rojas',
  'Díaz',
  'Pérez',
  'Soto',
  'Contreras',
  'Silva',
  'Martínez',
  'Sepúlveda',
  'Morales',
  'Rodríguez',
  'López',
  'Fuentes',
  'Hernández',
  'Torres',
  'Araya',
  'Flores',
  'Espinoza',
  'Valenzuela',
  'Castillo',
  'Tapia',
  'Reyes',
  'Gutiérrez',
  'Castro',
  'Pizarro',
  'Álvarez',
  'Vásquez',
  'Sánchez',
  'Fernández',
];

function rutOf(body: number): string {
  let sum = 0;
  let factor = 2;
  for (const digit of String(body).split('').reverse()) {
    sum += Number(digit) * factor;
    factor = factor === 7 ? 2 : factor + 1;
  }
  const rest = 11 - (sum % 11);
  return `${body}-${rest === 11 ? '0' : rest === 10 ? 'K' : String(rest)}`;
}

export async function seedMembers(dataDir: string, total: number, seed = 2026): Promise<SeededMembers> {
  const rand = random(seed);
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedDemoData(database.db, features);
    const db = database.db;
    const [college] = await db.select().from(colleges).where(eq(colleges.slug, 'colinas'));
    if (!college) throw new Error('no colinas college after the demo seed');
    const [admin] = await db
      .select()
      .from(users)
      .where(and(eq(users.collegeId, college.id), eq(users.email, 'admin@colinas.test')));
    if (!admin) throw new Error('no admin@colinas.test');
    const gradeRows = await db.select().from(grades).where(eq(grades.collegeId, college.id));
    const sectionRows = await db.select().from(sections).where(eq(sections.collegeId, college.id));
    const gradeName = new Map(gradeRows.map((grade) => [grade.id, grade.name]));
    const labels = sectionRows.map((section) => `${gradeName.get(section.gradeId) ?? ''} ${section.name}`);
    const countMembers = async () =>
      (
        await db
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.collegeId, college.id), isNull(users.deletedAt)))
      )[0]?.n ?? 0;
    const missing = total - (await countMembers());
    const rows: MemberImportRow[] = [];
    for (let i = 0; rows.length < missing; i++) {
      const first = pick(rand, lastNames);
      const second = pick(rand, lastNames);
      const kind = rand();
      const role = kind < 0.05 ? 'staff' : kind < 0.55 ? 'student' : 'guardian';
      rows.push({
        name: `${pick(rand, names)}${rand() < 0.3 ? ` ${pick(rand, names)}` : ''}`,
        first_lastname: first,
        second_lastname: second,
        email: `bench.${i}@familias.test`,
        rut: rutOf(20_000_000 + i * 7),
        phone: rand() < 0.5 ? `+56 9 ${String(10_000_000 + i).slice(0, 8)}` : '',
        birthdate: '',
        role,
        place: '',
        sections: role === 'student' ? pick(rand, labels) : '',
        children: '',
      });
    }
    for (let at = 0; at < rows.length; at += 2500) {
      const result = await importMembers(db, { user: admin }, rows.slice(at, at + 2500), true);
      if (result.created !== Math.min(2500, rows.length - at)) throw new Error(`the import created ${result.created} members`);
    }
    return { collegeSlug: 'colinas', adminUserId: admin.id, totalMembers: await countMembers() };
  } finally {
    await database.close();
  }
}
