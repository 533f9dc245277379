import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { AudienceScope } from '../../contract/audience';
import { uuidv7 } from '../../contract/ids';
import type { SeededCollege } from '../feature';
import type { Write } from '../sync/writeInCollege';
import { sendNotification } from './notificationService';
import { notificationReceipts } from './schema';

interface DemoNotification {
  title: string;
  content: string;
  emergency?: boolean;
  scope: AudienceScope;
  /** A grade's name, for the scopes by section; none for `college` and `staff`. */
  grade?: string;
  hoursAgo: number;
  /** Share of its members (other than the four demo accounts) who read it. */
  read: number;
}

const hour = 3_600_000;

const demoNotifications: DemoNotification[] = [
  {
    title: 'Suspensión de clases el viernes por jornada docente',
    content: 'El viernes no habrá clases: los profesores participan en la jornada de reflexión. El lunes se retoma el horario normal.',
    scope: 'college',
    hoursAgo: 120,
    read: 0.8,
  },
  {
    title: 'Reunión de apoderados de 1° Básico',
    content: 'Los esperamos el jueves a las 19:00 en la sala de cada curso. Trataremos el plan lector y las salidas pedagógicas.',
    scope: 'guardians',
    grade: '1° Básico',
    hoursAgo: 72,
    read: 0.6,
  },
  {
    title: 'Consejo de profesores en la biblioteca',
    content: 'El consejo de esta semana se hará en la biblioteca, a las 16:45, por arreglos en la sala de profesores.',
    scope: 'staff',
    hoursAgo: 48,
    read: 0.5,
  },
  {
    title: 'Corte de agua: salida anticipada a las 12:30',
    content:
      'Por un corte de agua en el sector, hoy las clases terminan a las 12:30. Los estudiantes esperarán en el gimnasio hasta que los retiren. Confirme que leyó este aviso.',
    emergency: true,
    scope: 'college',
    hoursAgo: 26,
    read: 0,
  },
  {
    title: 'Traer materiales para la clase de arte',
    content: 'Para el martes: témperas, pinceles y un delantal o polera vieja.',
    scope: 'students',
    grade: '2° Básico',
    hoursAgo: 20,
    read: 0.3,
  },
];

/**
 * A newly seeded demo college's notifications, as history: sent over the last days by its
 * staff (the emergency alert by its administrator) with their receipts, pushed, some read,
 * the alert acknowledged by nobody and therefore emailed after the college's wait. The four
 * demo accounts have read none, so each has something in their inbox.
 */
export async function seedDemoNotifications(write: Write, college: SeededCollege): Promise<void> {
  const admin = college.users.find((u) => u.role === 'admin')!;
  const staff = college.users.find((u) => u.role === 'staff')!;
  const demoAccounts = ['admin', 'staff', 'student', 'guardian'].map((role) => college.users.find((u) => u.role === role)!.id);
  const start = Date.now();
  for (const demo of demoNotifications) {
    const author = demo.emergency ? admin : staff;
    const grade = college.grades.find((g) => g.name === demo.grade);
    const sections = grade ? college.sections.filter((s) => s.gradeId === grade.id) : [];
    const now = new Date(start - demo.hoursAgo * hour);
    const row = await sendNotification(write, {
      id: uuidv7(now.getTime()),
      title: demo.title,
      content: demo.content,
      emergency: demo.emergency ?? false,
      audience: {
        courseIds: grade ? [grade.courseId] : [],
        gradeIds: grade ? [grade.id] : [],
        sectionIds: sections.map((s) => s.id),
        scope: demo.scope,
      },
      authorId: author.id,
      authorName: `${author.name} ${author.firstLastname}`,
      now,
    });
    if (!row) continue;
    const r = notificationReceipts;
    const mine = eq(r.notificationId, row.id);
    await write.tx
      .update(r)
      .set({
        pushDueAt: null,
        pushedAt: now,
        ...(demo.emergency ? { emailDueAt: null, emailedAt: sql`${r.emailDueAt}` } : {}),
      })
      .where(mine);
    if (demo.read === 0) continue;
    const others = await write.tx
      .select({ id: r.id })
      .from(r)
      .where(and(mine, notInArray(r.userId, demoAccounts)))
      .orderBy(r.id);
    const readers = others.filter((_, i) => i < Math.round(others.length * demo.read)).map((o) => o.id);
    if (readers.length > 0) {
      await write.tx
        .update(r)
        .set({ readAt: new Date(now.getTime() + 2 * hour) })
        .where(inArray(r.id, readers));
    }
  }
}
