import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { mailOutboxResponse } from '../../contract/mail';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

/** `GET /api/v1/admin/mail-outbox`: the college's last 100 mails, newest first. */
export function outboxRoutes(app: FastifyInstance, db: Database): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/api/v1/admin/mail-outbox',
    {
      schema: { response: { 200: mailOutboxResponse } },
      onRequest: [requireUser(db), requirePermission('mail.outbox.read')],
    },
    async (request) => {
      const { user } = authOf(request);
      const rows = await db
        .select()
        .from(mailOutbox)
        .where(eq(mailOutbox.collegeId, user.collegeId))
        .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
        .limit(100);
      return {
        data: rows.map((row) => ({
          id: row.id,
          to: row.to,
          subject: row.subject,
          text: row.text,
          created_at: row.createdAt.toISOString(),
          status: row.status,
        })),
      };
    },
  );
}
