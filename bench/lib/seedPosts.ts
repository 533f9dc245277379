/**
 * A database (migrated, demo-seeded; embedded unless given another) with `count` realistic
 * posts in the colinas demo college, written through the server's own code: `writeInCollege` stamps
 * every row with the college's change number, exactly as a publication does. Deterministic
 * (seeded random), so every run syncs the same data.
 */
import { and, eq } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import { openDatabase, type DatabaseOptions } from '../../server/db/client';
import { keysOfAudience } from '../../contract/audience';
import { colleges, courses, grades, sections, users } from '../../server/db/schema';
import { seedDemoData } from '../../server/db/seed';
import { features } from '../../server/features';
import { categories, posts } from '../../server/posts/schema';
import { writeInCollege } from '../../server/sync/writeInCollege';

export interface Seeded {
  collegeSlug: string;
  staffUserId: string;
  /** The posts of the college in the database (demo posts included). */
  totalPosts: number;
}

export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const subjects = [
  'La biblioteca',
  'El centro de padres',
  'El departamento de ciencias',
  'La dirección',
  'El equipo de convivencia escolar',
  'La coordinación académica',
  'El centro de estudiantes',
  'El taller de teatro',
  'La selección de básquetbol',
  'El equipo de orientación',
];
const verbs = ['informa', 'recuerda', 'invita a', 'comunica', 'anuncia', 'agradece'];
const objects = [
  'la jornada de puertas abiertas',
  'el calendario de evaluaciones',
  'la feria científica',
  'la campaña solidaria de invierno',
  'el nuevo horario de atención',
  'la salida pedagógica al museo',
  'el acto de aniversario',
  'las inscripciones a los talleres',
  'la reunión de apoderados',
  'el torneo interescolar',
  'la semana de la lectura',
  'el simulacro de evacuación',
];
const details = [
  'Les pedimos revisar la información con sus hijos y confirmar la asistencia a través del profesor jefe.',
  'La actividad se realizará en el gimnasio principal y contará con la participación de toda la comunidad.',
  'Recuerden traer la autorización firmada antes del viernes; sin ella no será posible participar.',
  'Agradecemos de antemano la colaboración de las familias y la puntualidad de todos los asistentes.',
  'Para consultas, pueden escribir a la secretaría del colegio o acercarse a inspectoría en horario de atención.',
  'Los estudiantes deberán presentarse con uniforme deportivo y una botella de agua.',
  'Las evaluaciones pendientes se recalendarizarán de acuerdo con cada departamento.',
  'El almuerzo se entregará en el casino a partir de las 12:30 horas, por turnos según nivel.',
];
const titleHeads = ['Invitación', 'Recordatorio', 'Comunicado', 'Resultados', 'Convocatoria', 'Novedades', 'Aviso importante', 'Calendario'];
const titleTails = [
  'feria científica',
  'reunión de apoderados',
  'torneo de básquetbol',
  'semana de la lectura',
  'campaña solidaria',
  'salida pedagógica',
  'acto de aniversario',
  'talleres extraprogramáticos',
  'evaluaciones del semestre',
  'simulacro de evacuación',
  'elecciones del centro de estudiantes',
  'vacunación escolar',
];

export function pick<T>(rand: () => number, list: readonly T[]): T {
  return list[Math.floor(rand() * list.length)]!;
}

/** About 1 KB of sanitised-looking HTML: paragraphs, emphasis, sometimes a list. */
function content(rand: () => number): string {
  const parts: string[] = [];
  let length = 0;
  const target = 900 + Math.floor(rand() * 250);
  while (length < target) {
    const kind = rand();
    let part: string;
    if (kind < 0.15) part = `<ul><li>${pick(rand, objects)}</li><li>${pick(rand, objects)}</li><li>${pick(rand, objects)}</li></ul>`;
    else if (kind < 0.35) part = `<p>${pick(rand, subjects)} ${pick(rand, verbs)} <strong>${pick(rand, objects)}</strong>. ${pick(rand, details)}</p>`;
    else part = `<p>${pick(rand, subjects)} ${pick(rand, verbs)} ${pick(rand, objects)}. ${pick(rand, details)} ${pick(rand, details)}</p>`;
    parts.push(part);
    length += part.length;
  }
  return parts.join('');
}

/** `target`: an embedded database's folder, or any database (`{ url }` for PostgreSQL). */
export async function seedPosts(target: string | DatabaseOptions, count: number, options: { seed?: number; batch?: number } = {}): Promise<Seeded> {
  const rand = random(options.seed ?? 2026);
  const batch = options.batch ?? 1000;
  const database = await openDatabase(typeof target === 'string' ? { dataDir: target } : target);
  try {
    await database.migrate();
    await seedDemoData(database.db, features);
    const db = database.db;
    const [college] = await db.select().from(colleges).where(eq(colleges.slug, 'colinas'));
    if (!college) throw new Error('no colinas college after the demo seed');
    const collegeId = college.id;
    const [staff] = await db
      .select()
      .from(users)
      .where(and(eq(users.collegeId, collegeId), eq(users.email, 'staff@colinas.test')));
    if (!staff) throw new Error('no staff@colinas.test');
    const categoryRows = await db.select().from(categories).where(eq(categories.collegeId, collegeId));
    const courseRows = await db.select().from(courses).where(eq(courses.collegeId, collegeId));
    const gradeRows = await db.select().from(grades).where(eq(grades.collegeId, collegeId));
    const sectionRows = await db.select().from(sections).where(eq(sections.collegeId, collegeId));

    // Audiences as staff target them: the whole college, a course, a grade, a section.
    const audience = () => {
      const kind = rand();
      let targeted = sectionRows;
      if (kind < 0.25) {
        // every section
      } else if (kind < 0.5) {
        const course = pick(rand, courseRows);
        const ids = new Set(gradeRows.filter((g) => g.courseId === course.id).map((g) => g.id));
        targeted = sectionRows.filter((s) => ids.has(s.gradeId));
      } else if (kind < 0.8) {
        const grade = pick(rand, gradeRows);
        targeted = sectionRows.filter((s) => s.gradeId === grade.id);
      } else targeted = [pick(rand, sectionRows)];
      const gradeIds = [...new Set(targeted.map((s) => s.gradeId))];
      const courseIds = [...new Set(gradeIds.map((id) => gradeRows.find((g) => g.id === id)!.courseId))];
      return { sectionIds: targeted.map((s) => s.id), gradeIds, courseIds };
    };

    const now = Date.now();
    const span = 3 * 365 * 24 * 60 * 60 * 1000;
    for (let done = 0; done < count; done += batch) {
      const n = Math.min(batch, count - done);
      const rows = Array.from({ length: n }, () => {
        const publishedAt = new Date(now - Math.floor(rand() * span));
        const { sectionIds, gradeIds, courseIds } = audience();
        const keys = keysOfAudience({ scope: 'everyone', section_ids: sectionIds });
        return {
          id: uuidv7(publishedAt.getTime()),
          collegeId,
          title: `${pick(rand, titleHeads)}: ${pick(rand, titleTails)} ${1 + Math.floor(rand() * 400)}`,
          content: content(rand),
          categoryId: pick(rand, categoryRows).id,
          courseIds,
          gradeIds,
          sectionIds,
          scope: 'everyone' as const,
          publishedAt,
          authorId: staff.id,
          authorName: `${staff.name} ${staff.firstLastname}`,
          views: Math.floor(rand() * 300),
          createdAt: publishedAt,
          updatedAt: publishedAt,
          audienceKeys: keys,
          seenKeys: keys,
        };
      });
      await writeInCollege(db, collegeId, async ({ tx, stamp }) => {
        await tx.insert(posts).values(rows.map((row) => ({ ...row, seq: stamp() })));
      });
    }
    const totalPosts = (await db.select({ id: posts.id }).from(posts).where(eq(posts.collegeId, collegeId))).length;
    return { collegeSlug: college.slug, staffUserId: staff.id, totalPosts };
  } finally {
    await database.close();
  }
}

/** The id of a demo user (after seeding), e.g. for the name of their local database. */
export async function userIdOf(dataDir: string, email: string): Promise<string> {
  const database = await openDatabase({ dataDir });
  try {
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.email, email));
    if (!user) throw new Error(`no user ${email}`);
    return user.id;
  } finally {
    await database.close();
  }
}
