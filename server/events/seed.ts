import { eq } from 'drizzle-orm';
import { keysOfAudience, type AudienceScope } from '../../contract/audience';
import { lastDayOf } from '../../contract/eventRecurrence';
import type { EventCategory, EventRepeat } from '../../contract/events';
import { addDays, dayIn, isoWeekday } from '../../contract/eventTime';
import { uuidv7 } from '../../contract/ids';
import { colleges } from '../db/colleges';
import type { SeededCollege } from '../feature';
import type { Write } from '../sync/writeInCollege';
import { events } from './schema';

/** Who a demo event is for, as in the demo posts: everyone, one course, one grade (by name). */
type Target = { all: true } | { course: string } | { grade: string };

interface DemoEvent {
  name: string;
  category: EventCategory;
  scope: AudienceScope;
  target: Target;
  /** Days from today; with `weekday`, the next such weekday (1 Monday … 7 Sunday) from there. */
  inDays: number;
  weekday?: number;
  /** `HH:mm–HH:mm`, or all-day over this many days. */
  time: [string, string] | { days: number };
  location?: string;
  description?: string;
  repeat?: EventRepeat;
}

const all = { all: true } as const;

export const demoEvents: DemoEvent[] = [
  { name: 'Acto de inicio del semestre', category: 'culture', scope: 'college', target: all, inDays: -40, time: ['09:00', '10:30'], location: 'Gimnasio' },
  {
    name: 'Consejo de profesores',
    category: 'meeting',
    scope: 'staff',
    target: all,
    inDays: -14,
    weekday: 3,
    time: ['16:45', '18:00'],
    location: 'Biblioteca',
    repeat: { freq: 'weekly', count: 16 },
  },
  {
    name: 'Reunión de apoderados de 1° Básico',
    category: 'meeting',
    scope: 'guardians',
    target: { grade: '1° Básico' },
    inDays: 2,
    weekday: 4,
    time: ['19:00', '20:30'],
    location: 'Sala de cada curso',
    description: '<p>Trataremos el plan lector, las salidas pedagógicas y la elección de la directiva.</p>',
  },
  {
    name: 'Prueba de Matemáticas',
    category: 'exam',
    scope: 'students',
    target: { grade: 'II Medio' },
    inDays: 5,
    time: ['10:00', '11:30'],
    description: '<p>Contenidos: funciones lineales y sistemas de ecuaciones.</p>',
  },
  {
    name: 'Taller de robótica',
    category: 'activity',
    scope: 'students',
    target: { course: 'Básica' },
    inDays: -7,
    weekday: 2,
    time: ['15:30', '17:00'],
    location: 'Laboratorio de ciencias',
    repeat: { freq: 'weekly', count: 10 },
  },
  { name: 'Jornada de reflexión docente (sin clases)', category: 'holiday', scope: 'college', target: all, inDays: 9, weekday: 5, time: { days: 1 } },
  {
    name: 'Campeonato interescolar de básquetbol',
    category: 'sports',
    scope: 'everyone',
    target: { course: 'Media' },
    inDays: 12,
    weekday: 6,
    time: ['09:00', '17:00'],
    location: 'Gimnasio',
  },
  { name: 'Semana de la ciencia', category: 'activity', scope: 'college', target: all, inDays: 16, weekday: 1, time: { days: 5 }, location: 'Patio central' },
  { name: 'Muestra de teatro', category: 'culture', scope: 'college', target: all, inDays: 24, weekday: 4, time: ['18:30', '20:30'], location: 'Auditorio' },
  {
    name: 'Entrega de informes de notas',
    category: 'meeting',
    scope: 'guardians',
    target: all,
    inDays: -20,
    time: ['08:00', '13:00'],
    location: 'Secretaría',
    repeat: { freq: 'monthly', count: 4 },
  },
];

/** The demo calendar of a newly seeded demo college, around today in the college's zone. */
export async function seedDemoEvents({ tx: db, collegeId, stamp }: Write, college: SeededCollege): Promise<void> {
  const [row] = await db.select({ timeZone: colleges.timeZone }).from(colleges).where(eq(colleges.id, collegeId));
  const timeZone = row?.timeZone ?? 'America/Santiago';
  const today = dayIn(new Date(), timeZone);
  const author = college.users.find((u) => u.role === 'staff')!;
  const sectionsOf = (target: Target) =>
    college.sections.filter((s) => {
      const grade = college.grades.find((g) => g.id === s.gradeId)!;
      const course = college.courses.find((c) => c.id === grade.courseId)!;
      if ('all' in target) return true;
      if ('course' in target) return course.name === target.course;
      return grade.name === target.grade;
    });
  const now = new Date();
  const rows = demoEvents.map((e) => {
    let day = addDays(today, e.inDays);
    if (e.weekday) day = addDays(day, (e.weekday - isoWeekday(day) + 7) % 7);
    const allDay = !Array.isArray(e.time);
    const start = Array.isArray(e.time) ? `${day}T${e.time[0]}` : day;
    const end = Array.isArray(e.time) ? `${day}T${e.time[1]}` : addDays(day, e.time.days - 1);
    const bySections = e.scope !== 'college' && e.scope !== 'staff';
    const targeted = bySections ? sectionsOf(e.target) : [];
    const gradeIds = [...new Set(targeted.map((s) => s.gradeId))];
    const keys = keysOfAudience({ scope: e.scope, section_ids: targeted.map((s) => s.id) });
    const repeat = e.repeat ?? null;
    return {
      id: uuidv7(),
      collegeId,
      name: e.name,
      description: e.description ?? '',
      location: e.location ?? '',
      category: e.category,
      allDay,
      start,
      end,
      timeZone,
      repeatFreq: repeat?.freq ?? null,
      repeatUntil: repeat?.until ?? null,
      repeatCount: repeat?.count ?? null,
      exceptions: [],
      calendarSync: true,
      firstDay: day,
      lastDay: lastDayOf({ all_day: allDay, start, end, repeat, exceptions: [] }),
      courseIds: [...new Set(gradeIds.map((id) => college.grades.find((g) => g.id === id)!.courseId))],
      gradeIds,
      sectionIds: targeted.map((s) => s.id),
      scope: e.scope,
      sequence: 0,
      authorId: author.id,
      authorName: `${author.name} ${author.firstLastname}`,
      createdAt: now,
      updatedAt: now,
      audienceKeys: keys,
      seenKeys: keys,
      seq: stamp(),
    };
  });
  await db.insert(events).values(rows);
}
