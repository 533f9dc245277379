import { eq } from 'drizzle-orm';
import { uuidv7 } from '../../contract/ids';
import { directConversationId } from '../../contract/messenger';
import { users } from '../db/schema';
import type { SeededCollege } from '../feature';
import type { MutationActor } from '../sync/mutation';
import { loadViewer } from '../sync/viewer';
import type { Write } from '../sync/writeInCollege';
import { createGroup, sendMessage, startDirect } from './messengerService';

/**
 * A demo college's messenger, written through the same service as devices' mutations: the
 * demo teacher's conversation with the demo guardian, a group of the guardians of the
 * teacher's first section where everyone writes, and an announcement channel where only
 * the teacher does.
 */
export async function seedDemoMessenger(write: Write, college: SeededCollege): Promise<void> {
  const actorOf = async (id: string): Promise<MutationActor> => {
    const [user] = await write.tx.select().from(users).where(eq(users.id, id));
    return { user: user!, viewer: await loadViewer(write.tx, user!) };
  };
  const [teacherRow] = college.users.filter((u) => u.role === 'staff');
  const [guardianRow] = college.users.filter((u) => u.role === 'guardian');
  if (!teacherRow || !guardianRow) return;
  const teacher = await actorOf(teacherRow.id);
  const guardian = await actorOf(guardianRow.id);
  const say = (actor: MutationActor, conversationId: string, text: string) =>
    sendMessage(write, actor, { id: uuidv7(), conversation_id: conversationId, text });

  const direct = await directConversationId(teacher.user.id, guardian.user.id);
  await startDirect(write, teacher, { id: direct, user_id: guardian.user.id });
  await say(teacher, direct, `Hola ${guardian.user.name}, ¿podemos conversar el jueves a las 16:00 sobre el avance de lectura?`);
  await say(guardian, direct, 'Sí, perfecto. Allí estaré. ¡Gracias!');

  const section = college.sections.find((s) => teacher.user.sectionIds.includes(s.id)) ?? college.sections[0];
  if (!section) return;
  const grade = college.grades.find((g) => g.id === section.gradeId);
  const sectionName = `${grade?.name ?? ''} ${section.name}`.trim();
  const families = uuidv7();
  await createGroup(write, teacher, {
    id: families,
    name: `Apoderados ${sectionName}`,
    description: 'Coordinación entre las familias del curso y su profesora jefe.',
    members_can_reply: true,
    member_ids: [guardian.user.id],
    admin_ids: [],
    section_ids: [section.id],
    section_scope: 'guardians',
  });
  await say(teacher, families, 'Bienvenidos al grupo del curso. Aquí coordinamos salidas, materiales y reuniones.');
  await say(guardian, families, 'Gracias, profesora. ¿La salida al museo sigue en pie para el viernes?');
  await say(teacher, families, 'Sí: salimos a las 9:00 desde el colegio. Traer colación y la autorización firmada (https://example.org/autorizacion).');

  const notices = uuidv7();
  await createGroup(write, teacher, {
    id: notices,
    name: `Avisos ${sectionName}`,
    description: 'Solo la profesora escribe: avisos del curso para estudiantes y familias.',
    members_can_reply: false,
    member_ids: [guardian.user.id],
    admin_ids: [],
    section_ids: [section.id],
    section_scope: 'everyone',
  });
  await say(teacher, notices, 'Recuerden: el lunes comienza la semana de evaluaciones. El calendario está en Documentos.');
}
