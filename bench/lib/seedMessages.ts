/**
 * A long conversation for the messenger bench: the demo college (seeded as the app seeds
 * it), then `count` messages added to the demo teacher's direct conversation with the demo
 * guardian, written straight into the database in one college write (each row with its
 * change number and its members' audience keys, as `sendMessage` writes them), both
 * members' markers moved to the end (nothing unread).
 */
import { and, desc, eq } from 'drizzle-orm';
import { keysOfMembers } from '../../contract/audience';
import { uuidv7 } from '../../contract/ids';
import { directConversationId } from '../../contract/messenger';
import { nextAudience } from '../../server/audience/visibility';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { seedDemoData } from '../../server/db/seed';
import { features } from '../../server/features';
import { conversationMembers, conversations, messengerMessages } from '../../server/messenger/schema';
import { writeInCollege } from '../../server/sync/writeInCollege';

export interface SeededMessenger {
  slug: string;
  teacherId: string;
  guardianId: string;
  /** The teacher's direct conversation with the guardian, and its newest message after the seed. */
  directId: string;
  directNewestId: string;
  /** Messages in it. */
  directCount: number;
  /** The families' group (a few messages): the small conversation opened beside the long one. */
  smallId: string;
  smallNewestId: string;
}

const openings = ['Hola', 'Buenas tardes', 'Profesor', 'Gracias', 'Una consulta', 'Le cuento', 'Perfecto', 'Recordatorio'];
const bodies = [
  'mañana Martina llega un poco más tarde por el control médico.',
  '¿la tarea de matemáticas es para el lunes o para el miércoles?',
  'ya firmamos la autorización de la salida al museo.',
  'la reunión de apoderados se cambia al jueves a las 18:30, en la sala 12.',
  'Martina olvidó su cuaderno de lenguaje en la sala, ¿lo podría guardar?',
  'ok.',
  'le envío el justificativo por la agenda. Estuvo con fiebre el martes y el miércoles, pero ya está mejor y vuelve a clases mañana sin problema.',
];

async function newestOf(db: Awaited<ReturnType<typeof openDatabase>>['db'], conversationId: string): Promise<string> {
  const [row] = await db
    .select({ id: messengerMessages.id })
    .from(messengerMessages)
    .where(eq(messengerMessages.conversationId, conversationId))
    .orderBy(desc(messengerMessages.position))
    .limit(1);
  if (!row) throw new Error(`no messages in ${conversationId}`);
  return row.id;
}

export async function seedLongConversation(dataDir: string, count: number): Promise<SeededMessenger> {
  const database = await openDatabase({ dataDir });
  try {
    await database.migrate();
    await seedDemoData(database.db, features);
    const db = database.db;
    const byEmail = async (email: string) => {
      const [row] = await db.select({ id: users.id, collegeId: users.collegeId }).from(users).where(eq(users.email, email));
      if (!row) throw new Error(`${email} is not in the demo data`);
      return row;
    };
    const teacher = await byEmail('staff@colinas.test');
    const guardian = await byEmail('guardian@colinas.test');
    const directId = await directConversationId(teacher.id, guardian.id);

    await writeInCollege(db, teacher.collegeId, async (write) => {
      const [conversation] = await write.tx.select().from(conversations).where(eq(conversations.id, directId));
      if (!conversation) throw new Error('the demo direct conversation is missing');
      const members = await write.tx.select().from(conversationMembers).where(eq(conversationMembers.conversationId, directId));
      const keys = nextAudience(keysOfMembers(members.map((member) => member.userId)));
      const start = conversation.lastPosition;
      const now = Date.now();
      const rows = Array.from({ length: count }, (_, i) => {
        const position = start + i + 1;
        return {
          id: uuidv7(),
          collegeId: write.collegeId,
          conversationId: directId,
          authorId: i % 3 === 0 ? guardian.id : teacher.id,
          text: `${openings[i % openings.length]}, ${bodies[(i * 5) % bodies.length]} (${position})`,
          position,
          // A year of conversation, a few minutes apart, ending an hour ago.
          createdAt: new Date(now - 3_600_000 - (count - i) * 3 * 60_000),
          ...keys,
          seq: write.stamp(keys.seenKeys),
        };
      });
      for (let i = 0; i < rows.length; i += 500) await write.tx.insert(messengerMessages).values(rows.slice(i, i + 500));
      const last = start + count;
      await write.tx.update(conversations).set({ lastPosition: last, updatedAt: new Date() }).where(eq(conversations.id, directId));
      for (const member of members) {
        await write.tx
          .update(conversationMembers)
          .set({ readPosition: last, deliveredPosition: last, seq: write.stamp(member.seenKeys) })
          .where(eq(conversationMembers.id, member.id));
      }
    });

    const [small] = await db
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.collegeId, teacher.collegeId), eq(conversations.kind, 'group'), eq(conversations.membersCanReply, true)));
    if (!small) throw new Error('the demo families group is missing');
    const total = await db.$count(messengerMessages, eq(messengerMessages.conversationId, directId));
    return {
      slug: 'colinas',
      teacherId: teacher.id,
      guardianId: guardian.id,
      directId,
      directNewestId: await newestOf(db, directId),
      directCount: total,
      smallId: small.id,
      smallNewestId: await newestOf(db, small.id),
    };
  } finally {
    await database.close();
  }
}
