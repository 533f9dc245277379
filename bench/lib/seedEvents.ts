/**
 * A database (migrated, demo-seeded; embedded) with `count` realistic events in the
 * colinas demo college, spread over the school year around today (three months back, nine
 * ahead), written through `writeInCollege` as a publication is. About one in twelve
 * repeats (weekly or monthly, with a count), one in eight is all-day, some last several
 * days. Deterministic (seeded random).
 */
import { and, eq } from 'drizzle-orm';
import { keysOfAudience } from '../../contract/audience';
import { lastDayOf } from '../../contract/eventRecurrence';
import { eventCategories, type EventRepeat } from '../../contract/events';
import { addDays, dayIn } from '../../contract/eventTime';
import { uuidv7 } from '../../contract/ids';
import { openDatabase } from '../../server/db/client';
import { colleges, grades, sections, users } from '../../server/db/schema';
import { seedDemoData } from '../../server/db/seed';
import { events } from '../../server/events/schema';
import { features } from '../../server/features';
import { writeInCollege } from '../../server/sync/writeInCollege';
import { pick, random } from './seedPosts';

export interface SeededEvents {
  collegeSlug: string;
  staffUserId: string;
  /** The events of the college in the database (demo events included). */
  totalEvents: number;
  today: string;
}

const names = [
  'Reunión de apoderados',
  'Prueba de Lenguaje',
  'Prueba de Matemáticas',
  'Salida pedagógica al museo',
  'Taller de teatro',
  'Consejo de curso',
  'Entrevista con el profesor jefe',
  'Campeonato de fútbol',
  'Feria científica',
  'Acto cívico',
  'Jornada de convivencia',
  'Ensayo general del coro',
  'Charla de orientación vocacional',
  'Día del libro',
  'Simulacro de evacuación',
];
const places = ['Gimnasio', 'Biblioteca', 'Sala de cada curso', 'Auditorio', 'Patio central', 'Laboratorio de ciencias', ''];
const times: [string, string][] = [
  ['08:00', '09:30'],
  ['10:00', '11:30'],
  ['12:00', '13:00'],
  ['15:30', '17:00'],
  ['18:00', '19:30'],
  ['19:00', '20:30'],
];

export async function seedEvents(dataDir: string, count: number, seed = 2026): Promise<SeededEvents> {
  const rand = random(seed);
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedDemoData(database.db, features);
    const db = database.db;
    const [college] = await db.select().from(colleges).where(eq(colleges.slug, 'colinas'));
    if (!college) throw new Error('no colinas college after the demo seed');
    const [staff] = await db
      .select()
      .from(users)
      .where(and(eq(users.collegeId, college.id), eq(users.email, 'staff@colinas.test')));
    if (!staff) throw new Error('no staff@colinas.test');
    const sectionRows = await db.select().from(sections).where(eq(sections.collegeId, college.id));
    const gradeRows = await db.select().from(grades).where(eq(grades.collegeId, college.id));
    const today = dayIn(new Date(), college.timeZone);
    const now = new Date();
    for (let done = 0; done < count; done += 500) {
      const rows = Array.from({ length: Math.min(500, count - done) }, () => {
        const day = addDays(today, Math.floor(rand() * 365) - 90);
        const kind = rand();
        const allDay = kind < 0.125;
        const [from, to] = pick(rand, times);
        const length = allDay && rand() < 0.3 ? 1 + Math.floor(rand() * 4) : 0;
        const start = allDay ? day : `${day}T${from}`;
        const end = allDay ? addDays(day, length) : `${day}T${to}`;
        const repeat: EventRepeat | null =
          kind > 0.92 ? (rand() < 0.7 ? { freq: 'weekly', count: 4 + Math.floor(rand() * 12) } : { freq: 'monthly', count: 3 + Math.floor(rand() * 6) }) : null;
        const wholeCollege = rand() < 0.3;
        const targeted = wholeCollege ? [] : [pick(rand, sectionRows)];
        const scope = wholeCollege ? ('college' as const) : ('everyone' as const);
        const keys = keysOfAudience({ scope, section_ids: targeted.map((s) => s.id) });
        return {
          id: uuidv7(),
          name: `${pick(rand, names)} ${1 + Math.floor(rand() * 40)}`,
          description: rand() < 0.5 ? `<p>${pick(rand, names)}: traer la autorización firmada.</p>` : '',
          location: pick(rand, places),
          category: pick(rand, eventCategories),
          allDay,
          start,
          end,
          repeatFreq: repeat?.freq ?? null,
          repeatCount: repeat?.count ?? null,
          firstDay: day,
          lastDay: lastDayOf({ all_day: allDay, start, end, repeat, exceptions: [] }),
          sectionIds: targeted.map((s) => s.id),
          gradeIds: targeted.map((s) => s.gradeId),
          courseIds: targeted.map((s) => gradeRows.find((g) => g.id === s.gradeId)!.courseId),
          scope,
          keys,
        };
      });
      await writeInCollege(db, college.id, async ({ tx, stamp }) => {
        await tx.insert(events).values(
          rows.map(({ keys, ...row }) => ({
            ...row,
            collegeId: college.id,
            timeZone: college.timeZone,
            exceptions: [],
            calendarSync: true,
            sequence: 0,
            authorId: staff.id,
            authorName: `${staff.name} ${staff.firstLastname}`,
            createdAt: now,
            updatedAt: now,
            audienceKeys: keys,
            seenKeys: keys,
            seq: stamp(),
          })),
        );
      });
    }
    const totalEvents = (await db.select({ id: events.id }).from(events).where(eq(events.collegeId, college.id))).length;
    return { collegeSlug: college.slug, staffUserId: staff.id, totalEvents, today };
  } finally {
    await database.close();
  }
}
