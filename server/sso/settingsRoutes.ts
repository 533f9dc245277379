import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ssoProviderResponse, ssoSettingsInput, ssoSettingsResponse, type SsoSettingsView } from '../../contract/sso';
import { authOf, requirePermission, requireUser } from '../auth/requireUser';
import type { AppContext } from '../config';
import { collegeOf } from '../tenancy/resolveCollege';
import { ssoSettings } from './schema';

const viewOf = (row: typeof ssoSettings.$inferSelect): SsoSettingsView => ({
  display_name: row.displayName,
  issuer: row.issuer,
  client_id: row.clientId,
  client_secret_set: row.clientSecretEncrypted !== '',
  allowed_domains: row.allowedDomains,
  enabled: row.enabled,
  updated_at: row.updatedAt.toISOString(),
});

/**
 * `/api/v1/sso/provider` (public: what the sign-in page shows, from the stored settings only,
 * never asking the provider) and `/api/v1/admin/integrations/sso` (GET, PUT, DELETE), admins
 * of the request's college only (`integrations.manage`, like the SMTP settings).
 */
export function ssoSettingsRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, mailer } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const guard = [requireUser(db), requirePermission('integrations.manage')];
  const settingsOf = async (collegeId: string) => (await db.select().from(ssoSettings).where(eq(ssoSettings.collegeId, collegeId)).limit(1))[0];

  api.get('/api/v1/sso/provider', { schema: { response: { 200: ssoProviderResponse } } }, async (request) => {
    const [row] = await db
      .select({ displayName: ssoSettings.displayName })
      .from(ssoSettings)
      .where(and(eq(ssoSettings.collegeId, collegeOf(request).id), eq(ssoSettings.enabled, true)))
      .limit(1);
    return { provider: row ? { displayName: row.displayName } : null };
  });

  api.get('/api/v1/admin/integrations/sso', { schema: { response: { 200: ssoSettingsResponse } }, onRequest: guard }, async (request) => {
    const row = await settingsOf(authOf(request).user.collegeId);
    return { data: row ? viewOf(row) : null };
  });

  api.put(
    '/api/v1/admin/integrations/sso',
    { schema: { body: ssoSettingsInput, response: { 200: ssoSettingsResponse } }, onRequest: guard },
    async (request) => {
      const { collegeId } = authOf(request).user;
      const input = request.body;
      const fields = {
        displayName: input.display_name,
        issuer: input.issuer,
        clientId: input.client_id,
        allowedDomains: [...new Set(input.allowed_domains)],
        enabled: input.enabled,
        updatedAt: new Date(),
        // A blank secret keeps the stored one; `clear_client_secret` removes it. Sealed with
        // the installation's key exactly like the SMTP password.
        ...(input.clear_client_secret
          ? { clientSecretEncrypted: '' }
          : input.client_secret
            ? { clientSecretEncrypted: mailer.secrets.seal(input.client_secret) }
            : {}),
      };
      const [row] = await db
        .insert(ssoSettings)
        .values({ collegeId, ...fields })
        .onConflictDoUpdate({ target: ssoSettings.collegeId, set: fields })
        .returning();
      return { data: viewOf(row!) };
    },
  );

  api.delete('/api/v1/admin/integrations/sso', { schema: { response: { 200: ssoSettingsResponse } }, onRequest: guard }, async (request) => {
    await db.delete(ssoSettings).where(eq(ssoSettings.collegeId, authOf(request).user.collegeId));
    return { data: null };
  });
}
