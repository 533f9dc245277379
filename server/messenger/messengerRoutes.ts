import { and, arrayContains, arrayOverlaps, asc, desc, eq, ilike, inArray, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { keysOfMembers } from '../../contract/audience';
import { messages } from '../../contract/messages';
import { uuidv7 } from '../../contract/ids';
import {
  conversationRow,
  directConversationId,
  mayStartConversation,
  messageRow,
  peopleQuery,
  peopleResponse,
  reportsResponse,
  restSendMessageBody,
  restStartDirectBody,
  type PersonRow,
} from '../../contract/messenger';
import { messengerRulesFields, ruleAllowsStart, setMessengerRulesArgs } from '../../contract/messengerRules';
import { can, roles } from '../../contract/permissions';
import { looksLikeUuid } from '../audience/references';
import { visibleTo } from '../audience/visibility';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { grades, sections, users } from '../db/schema';
import { notFound } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import { loadViewer } from '../sync/viewer';
import { writeInCollege } from '../sync/writeInCollege';
import { conversationToWire, messageToWire } from './messengerEntities';
import { rulesOf, setRules } from './messengerRulesService';
import { sendMessage, startDirect } from './messengerService';
import { conversations, messageReports, messengerMessages } from './schema';

const likePattern = (q: string): string => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
const idParams = z.object({ id: z.string().max(100) });
const messagesQuery = z.object({
  /** Messages before this position (scrolling back); default: the newest. */
  before: z.coerce
    .number()
    .int()
    .min(1)
    .max(2 ** 31 - 1)
    .optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/**
 * The messenger over REST: the people one may write to (picking someone new needs the
 * server), the administrators' reports, and the member's conversations and messages for
 * clients that do not sync. Writing goes through the push mutations (messenger.*).
 */
export function messengerRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(db);
  const actorOf = async (request: FastifyRequest): Promise<MutationActor> => {
    const { user, origin } = authOf(request);
    return { user, viewer: await loadViewer(db, user), origin };
  };

  typed.get('/api/v1/messenger/people', { schema: { querystring: peopleQuery, response: { 200: peopleResponse } }, onRequest: signedIn }, async (request) => {
    const { user } = authOf(request);
    const query = request.query;
    const forGroup = query.for === 'group' && can(user.role, 'messenger.groups.create');
    const where: SQL[] = [eq(users.collegeId, user.collegeId), eq(users.status, 'active'), isNull(users.removedAt), ne(users.id, user.id)];
    if (query.q) {
      const pattern = likePattern(query.q);
      where.push(or(ilike(users.name, pattern), ilike(users.firstLastname, pattern), ilike(sql`${users.name} || ' ' || ${users.firstLastname}`, pattern))!);
    }
    const rules = forGroup ? null : await rulesOf(db, user.collegeId);
    if (rules) {
      const reachable = roles.filter((role) => ruleAllowsStart(rules, user.role, role));
      if (reachable.length === 0) return { data: [] };
      where.push(inArray(users.role, reachable));
    }
    if (!forGroup && user.role !== 'admin' && user.role !== 'staff') {
      // The candidates of contract/messenger.ts `mayStartConversation`, narrowed in SQL first.
      const maybe: SQL[] = [inArray(users.role, ['admin', 'staff']), arrayContains(users.childIds, [user.id])];
      if (user.sectionIds.length > 0) maybe.push(arrayOverlaps(users.sectionIds, user.sectionIds));
      if (user.childIds.length > 0) maybe.push(inArray(users.id, user.childIds));
      where.push(or(...maybe)!);
    }
    const rows = await db
      .select({ id: users.id, role: users.role, name: users.name, firstLastname: users.firstLastname, sectionIds: users.sectionIds, childIds: users.childIds })
      .from(users)
      .where(and(...where))
      .orderBy(asc(users.name), asc(users.firstLastname), asc(users.id))
      .limit(forGroup ? query.limit : query.limit * 4);
    const self = { id: user.id, role: user.role, sectionIds: user.sectionIds, childIds: user.childIds };
    const allowed = rules ? rows.filter((row) => mayStartConversation(self, row, rules)) : rows;
    const sectionIds = [...new Set(allowed.flatMap((row) => row.sectionIds))];
    const names = new Map<string, string>();
    if (sectionIds.length > 0) {
      const found = await db
        .select({ id: sections.id, section: sections.name, grade: grades.name })
        .from(sections)
        .innerJoin(grades, eq(grades.id, sections.gradeId))
        .where(and(eq(sections.collegeId, user.collegeId), inArray(sections.id, sectionIds)));
      for (const row of found) names.set(row.id, `${row.grade} ${row.section}`);
    }
    const data: PersonRow[] = allowed.slice(0, query.limit).map((row) => ({
      id: row.id,
      name: [row.name, row.firstLastname].filter(Boolean).join(' '),
      role: row.role,
      sections: row.sectionIds.flatMap((id) => (names.has(id) ? [names.get(id)!] : [])),
    }));
    return { data };
  });

  // Writing over REST, for clients that do not sync: the same service, permission and school rule as the pushed mutations.
  typed.post(
    '/api/v1/messenger/conversations',
    { schema: { body: restStartDirectBody, response: { 201: conversationRow } }, onRequest: [signedIn, requirePermission('messenger.use')] },
    async (request, reply) => {
      const actor = await actorOf(request);
      const userId = request.body.user_id.toLowerCase();
      const id = await directConversationId(actor.user.id, userId);
      await writeInCollege(db, actor.user.collegeId, (write) => startDirect(write, actor, { id, user_id: userId }));
      const [row] = await db.select().from(conversations).where(eq(conversations.id, id));
      return reply.code(201).send(conversationToWire(row!));
    },
  );

  typed.post(
    '/api/v1/messenger/conversations/:id/messages',
    { schema: { params: idParams, body: restSendMessageBody, response: { 201: messageRow } }, onRequest: [signedIn, requirePermission('messenger.use')] },
    async (request, reply) => {
      const actor = await actorOf(request);
      const conversationId = request.params.id.toLowerCase();
      if (!looksLikeUuid(conversationId)) throw notFound(messages.conversationNotFound);
      const id = (request.body.id ?? uuidv7()).toLowerCase();
      await writeInCollege(db, actor.user.collegeId, (write) => sendMessage(write, actor, { id, conversation_id: conversationId, text: request.body.text }));
      const [row] = await db.select().from(messengerMessages).where(eq(messengerMessages.id, id));
      return reply.code(201).send(messageToWire(row!));
    },
  );

  const rulesManager = [signedIn, requirePermission('messenger.rules.manage')];
  typed.get('/api/v1/admin/messenger/rules', { schema: { response: { 200: messengerRulesFields } }, onRequest: rulesManager }, async (request) =>
    rulesOf(db, authOf(request).user.collegeId),
  );

  typed.put(
    '/api/v1/admin/messenger/rules',
    { schema: { body: setMessengerRulesArgs, response: { 200: messengerRulesFields } }, onRequest: rulesManager },
    async (request) => {
      const actor = await actorOf(request);
      await writeInCollege(db, actor.user.collegeId, (write) => setRules(write, actor, request.body));
      return rulesOf(db, actor.user.collegeId);
    },
  );

  typed.get(
    '/api/v1/admin/messenger/reports',
    { schema: { response: { 200: reportsResponse } }, onRequest: [signedIn, requirePermission('messenger.reports.read')] },
    async (request) => {
      const { user } = authOf(request);
      const author = sql.raw('author');
      const reporter = sql.raw('reporter');
      const result: unknown = await db.execute(sql`
          select r.id, r.message_id, m.conversation_id, c.kind, c.name as conversation_name, m.text, m.retracted_at, r.reported_text,
                 m.author_id, ${author}.name || ' ' || ${author}.first_lastname as author_name,
                 r.reporter_id, ${reporter}.name || ' ' || ${reporter}.first_lastname as reporter_name, r.reason, r.created_at
          from ${messageReports} r
          join ${messengerMessages} m on m.id = r.message_id
          join ${conversations} c on c.id = m.conversation_id
          join ${users} ${author} on ${author}.id = m.author_id
          join ${users} ${reporter} on ${reporter}.id = r.reporter_id
          where r.college_id = ${user.collegeId}
          order by r.created_at desc, r.id desc
          limit 500`);
      const rows = (result as { rows: Record<string, unknown>[] }).rows;
      return {
        data: rows.map((row) => ({
          id: String(row.id),
          message_id: String(row.message_id),
          conversation_id: String(row.conversation_id),
          conversation_name: typeof row.conversation_name === 'string' ? row.conversation_name : '',
          text: row.retracted_at ? '' : String(row.text),
          reported_text: String(row.reported_text),
          author_id: String(row.author_id),
          author_name: String(row.author_name).trim(),
          reporter_id: String(row.reporter_id),
          reporter_name: String(row.reporter_name).trim(),
          reason: String(row.reason),
          created_at: new Date(String(row.created_at)).toISOString(),
        })),
      };
    },
  );

  typed.get(
    '/api/v1/messenger/conversations',
    { schema: { response: { 200: z.object({ data: z.array(conversationRow) }) } }, onRequest: signedIn },
    async (request) => {
      const { user } = authOf(request);
      const rows = await db
        .select()
        .from(conversations)
        .where(and(eq(conversations.collegeId, user.collegeId), visibleTo(conversations, keysOfMembers([user.id]))))
        .orderBy(desc(conversations.updatedAt));
      return { data: rows.map(conversationToWire) };
    },
  );

  typed.get(
    '/api/v1/messenger/conversations/:id/messages',
    { schema: { params: idParams, querystring: messagesQuery, response: { 200: z.object({ data: z.array(messageRow) }) } }, onRequest: signedIn },
    async (request) => {
      const { user } = authOf(request);
      const id = request.params.id.toLowerCase();
      const mine = keysOfMembers([user.id]);
      const [conversation] = looksLikeUuid(id)
        ? await db
            .select({ id: conversations.id })
            .from(conversations)
            .where(and(eq(conversations.id, id), eq(conversations.collegeId, user.collegeId), visibleTo(conversations, mine)))
        : [];
      if (!conversation) throw notFound(messages.conversationNotFound);
      const where: SQL[] = [eq(messengerMessages.conversationId, id), eq(messengerMessages.collegeId, user.collegeId), visibleTo(messengerMessages, mine)];
      if (request.query.before) where.push(lt(messengerMessages.position, request.query.before));
      const rows = await db
        .select()
        .from(messengerMessages)
        .where(and(...where))
        .orderBy(desc(messengerMessages.position))
        .limit(request.query.limit);
      return { data: rows.reverse().map(messageToWire) };
    },
  );
}
