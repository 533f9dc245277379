import { open } from 'node:fs/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { dataExportRow, erasureResult, exportsResponse, privacySettingsFields, restRequestExportBody } from '../../contract/privacy';
import { looksLikeUuid } from '../audience/references';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { HttpError, notFound } from '../http/errors';
import type { MutationActor } from '../sync/mutation';
import { loadViewer } from '../sync/viewer';
import { writeInCollege } from '../sync/writeInCollege';
import { eraseMember } from './erasure';
import { dataExportToWire, exportsOf, requestExport, takeForDownload } from './exportService';
import { ExportFiles } from './exportZip';
import { setSettings, settingsOf } from './settingsService';
import { and, eq } from 'drizzle-orm';
import { dataExports } from './schema';

const idParams = z.object({ id: z.string().max(100) });

/**
 * The privacy routes, for clients that do not sync (devices push the same mutations):
 * the college's settings, data exports (asked, listed, downloaded once) and erasure.
 */
export function privacyRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const signedIn = requireUser(db);
  const manager = [signedIn, requirePermission('privacy.manage')];
  const files = new ExportFiles(ctx.config.dataDir);
  const actorOf = async (request: FastifyRequest): Promise<MutationActor> => {
    const { user, origin } = authOf(request);
    return { user, viewer: await loadViewer(db, user), origin };
  };

  typed.get('/api/v1/admin/privacy/settings', { schema: { response: { 200: privacySettingsFields } }, onRequest: manager }, async (request) =>
    settingsOf(db, authOf(request).user.collegeId),
  );

  typed.put(
    '/api/v1/admin/privacy/settings',
    { schema: { body: privacySettingsFields, response: { 200: privacySettingsFields } }, onRequest: manager },
    async (request) => {
      const actor = await actorOf(request);
      await writeInCollege(db, actor.user.collegeId, (write) => setSettings(write, actor, request.body));
      return settingsOf(db, actor.user.collegeId);
    },
  );

  typed.post(
    '/api/v1/admin/privacy/members/:id/erase',
    { schema: { params: idParams, response: { 200: erasureResult } }, onRequest: manager },
    async (request) => {
      const actor = await actorOf(request);
      if (!looksLikeUuid(request.params.id)) throw notFound(messages.memberNotFound);
      return writeInCollege(db, actor.user.collegeId, (write) => eraseMember(write, actor, { member_id: request.params.id }));
    },
  );

  typed.get(
    '/api/v1/privacy/exports',
    { schema: { response: { 200: exportsResponse } }, onRequest: [signedIn, requirePermission('privacy.exportOwn')] },
    async (request) => ({
      data: (await exportsOf(db, authOf(request).user)).map(dataExportToWire),
    }),
  );

  typed.post(
    '/api/v1/privacy/exports',
    { schema: { body: restRequestExportBody, response: { 201: dataExportRow } }, onRequest: [signedIn, requirePermission('privacy.exportOwn')] },
    async (request, reply) => {
      const actor = await actorOf(request);
      const id = (request.body.id ?? uuidv7()).toLowerCase();
      const row = await writeInCollege(db, actor.user.collegeId, (write) => requestExport(write, actor, { id, member_id: request.body.member_id }));
      return reply.code(201).send(dataExportToWire(row));
    },
  );

  // Once: the first download marks the export downloaded and its file is gone as it is read
  // (unlinked once open); a second answers 410. Read with the Bearer header (never the cookie).
  app.get(
    '/api/v1/privacy/exports/:id/download',
    { schema: { params: idParams }, onRequest: [signedIn, requirePermission('privacy.exportOwn')], compress: false },
    async (request, reply) => {
      const { user } = authOf(request);
      const { id } = request.params as { id: string };
      const row = await takeForDownload(db, user, id, new Date());
      const path = files.pathOf(row.collegeId, row.fileKey);
      const handle = path ? await open(path, 'r').catch(() => null) : null;
      if (!handle) throw new HttpError(410, messages.exportGone);
      await files.remove(row.collegeId, row.fileKey);
      await db
        .update(dataExports)
        .set({ fileKey: '' })
        .where(and(eq(dataExports.id, row.id), eq(dataExports.fileKey, row.fileKey)));
      const { size } = await handle.stat();
      const day = (row.readyAt ?? new Date()).toISOString().slice(0, 10);
      return reply
        .header('content-type', 'application/zip')
        .header('content-length', String(size))
        .header('content-disposition', `attachment; filename="patio-data-${day}.zip"`)
        .header('cache-control', 'no-store')
        .send(handle.createReadStream());
    },
  );
}
