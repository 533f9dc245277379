import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { securitySettingsInput, securitySettingsView, type SecuritySettingsView } from '../../contract/secondFactor';
import { recordAudit } from '../auditRecord/recordAudit';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { restOrigin } from '../http/origin';
import { requirementOf, type Requirement } from './factors';
import { securitySettings } from './schema';

const viewOf = (row: Requirement): SecuritySettingsView => ({
  require_for_admins: row.requireForAdmins,
  require_for_staff: row.requireForStaff,
  updated_at: row.updatedAt?.toISOString() ?? null,
});

/**
 * `GET/PUT /api/v1/admin/security`: whether the college requires a second factor of its
 * administrators, and of its staff. Administrators only (`integrations.manage`, like the
 * school's other sign-in settings: SMTP, single sign-on). A change is in the audit trail.
 */
export function securitySettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = [requireUser(db), requirePermission('integrations.manage')];

  api.get('/api/v1/admin/security', { onRequest: guard, schema: { response: { 200: securitySettingsView } } }, async (request) =>
    viewOf(await requirementOf(db, authOf(request).user.collegeId)),
  );

  api.put('/api/v1/admin/security', { onRequest: guard, schema: { body: securitySettingsInput, response: { 200: securitySettingsView } } }, async (request) => {
    const auth = authOf(request);
    const { collegeId } = auth.user;
    const fields = { requireForAdmins: request.body.require_for_admins, requireForStaff: request.body.require_for_staff, updatedAt: new Date() };
    return db.transaction(async (tx) => {
      const before = await requirementOf(tx, collegeId);
      const [row] = await tx
        .insert(securitySettings)
        .values({ collegeId, ...fields })
        .onConflictDoUpdate({ target: securitySettings.collegeId, set: fields })
        .returning();
      if (before.requireForAdmins !== fields.requireForAdmins || before.requireForStaff !== fields.requireForStaff) {
        await recordAudit(tx, {
          collegeId,
          actor: { user: auth.user, origin: restOrigin(request, auth.tokenId) },
          kind: 'security.settingsChanged',
          before: { require_for_admins: before.requireForAdmins, require_for_staff: before.requireForStaff },
          after: { require_for_admins: fields.requireForAdmins, require_for_staff: fields.requireForStaff },
        });
      }
      return viewOf(row!);
    });
  });
}
