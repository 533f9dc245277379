import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import Papa from 'papaparse';
import { z } from 'zod';
import { auditListResponse, auditPageSize, auditQuery, setAuditRetentionArgs } from '../../contract/audit';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { writeInCollege } from '../sync/writeInCollege';
import { auditForCsv, auditRecordToWire, listAudit } from './auditQueries';
import { retentionYearsOf, setAuditRetention } from './auditSettings';

const retentionResponse = z.object({ years: z.number().int() });

/** The CSV's columns, in order: the record as the list answers it, values before and after as JSON. */
const csvColumns = [
  'created_at',
  'kind',
  'actor_name',
  'actor_id',
  'subject_name',
  'subject_member_id',
  'via',
  'device_id',
  'session_id',
  'user_agent',
  'before',
  'after',
] as const;

/**
 * `/api/v1/admin/audit` (the list, 50 a page, newest first), `/api/v1/admin/audit.csv` (the
 * same filters, every page) and `/api/v1/admin/audit/retention` (GET, PUT): administrators of
 * the request's college only (`audit.manage`). Another college's records are never read: every
 * query is within the signed-in member's college.
 */
export function auditRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = [requireUser(db), requirePermission('audit.manage')];

  api.get('/api/v1/admin/audit', { schema: { querystring: auditQuery, response: { 200: auditListResponse } }, onRequest: guard }, async (request) => {
    const { rows, total } = await listAudit(db, authOf(request).user.collegeId, request.query);
    return {
      data: rows.map(auditRecordToWire),
      meta: { total, page: request.query.page, per_page: auditPageSize, last_page: Math.max(1, Math.ceil(total / auditPageSize)) },
    };
  });

  api.get('/api/v1/admin/audit.csv', { schema: { querystring: auditQuery.omit({ page: true }) }, onRequest: guard }, async (request, reply) => {
    const rows = (await auditForCsv(db, authOf(request).user.collegeId, request.query)).map(auditRecordToWire);
    const csv = Papa.unparse(
      {
        fields: [...csvColumns],
        data: rows.map((row) => csvColumns.map((column) => (column === 'before' || column === 'after' ? JSON.stringify(row[column]) : (row[column] ?? '')))),
      },
      // A cell starting with = + - @ is not run as a formula by a spreadsheet.
      { escapeFormulae: true, newline: '\r\n' },
    );
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="audit-${day}.csv"`)
      .header('Cache-Control', 'no-store')
      .send(`\ufeff${csv}`);
  });

  api.get('/api/v1/admin/audit/retention', { schema: { response: { 200: retentionResponse } }, onRequest: guard }, async (request) => ({
    years: await retentionYearsOf(db, authOf(request).user.collegeId),
  }));

  api.put(
    '/api/v1/admin/audit/retention',
    { schema: { body: setAuditRetentionArgs, response: { 200: retentionResponse } }, onRequest: guard },
    async (request) => {
      const { user, origin } = authOf(request);
      await writeInCollege(db, user.collegeId, (write) => setAuditRetention(write, { user, origin }, request.body));
      return { years: await retentionYearsOf(db, user.collegeId) };
    },
  );
}
