import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { passwordUpdateRequest, profileUpdateFields, user as userSchema } from '../../contract/auth';
import { fieldErrors } from '../../contract/errors';
import { audienceKeys } from '../../contract/audience';
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { normalizeRut } from '../../contract/rut';
import { reserveCurrentPasswordTry } from '../auth/loginThrottle';
import { verifyPassword, hashPassword } from '../auth/passwords';
import { authOf, requireUser } from '../auth/requireUser';
import { revokeUserTokens } from '../auth/tokens';
import { forgetMemberDevices } from '../push/subscriptions';
import { userView } from '../auth/userView';
import type { AppContext } from '../config';
import { isUniqueViolation } from '../db/errors';
import { users } from '../db/schema';
import { HttpError, ValidationFailed } from '../http/errors';
import { writeInCollege } from '../sync/writeInCollege';
import { detectImageType } from '../storage/imageType';
import { readProfileForm } from './readProfileForm';

export function profileRoutes(app: FastifyInstance, ctx: AppContext): void {
  const { db, storage } = ctx;
  const api = app.withTypeProvider<ZodTypeProvider>();

  api.get('/api/v1/user', { onRequest: requireUser(db), schema: { response: { 200: userSchema } } }, async (request) =>
    userView(db, storage, authOf(request).user),
  );

  api.route({
    // The original client posts multipart with `_method=PUT`; a real PUT works too.
    method: ['POST', 'PUT'],
    url: '/api/v1/users/update/profile',
    onRequest: requireUser(db),
    schema: { response: { 200: userSchema } },
    handler: async (request) => {
      const current = authOf(request).user;
      const form = await readProfileForm(request);
      const parsed = profileUpdateFields.safeParse(form.fields);
      const errors: Record<string, string[]> = parsed.success ? {} : fieldErrors(parsed.error.issues);

      let avatar: { key: string; data: Buffer } | null = null;
      if (form.avatar?.tooLarge) errors.avatar = [messages.avatarSize];
      else if (form.avatar) {
        const type = detectImageType(form.avatar.data);
        if (!type) errors.avatar = [messages.avatarType];
        else avatar = { key: `avatars/${current.collegeId}/${uuidv7()}.${type.extension}`, data: form.avatar.data };
      }
      if (!parsed.success) throw new ValidationFailed(errors);

      const values = parsed.data;
      const rut = values.rut === '' ? null : normalizeRut(values.rut);
      const others = and(eq(users.collegeId, current.collegeId), ne(users.id, current.id));
      const [emailOwner] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(others, eq(users.email, values.email)))
        .limit(1);
      if (emailOwner) errors.email = [messages.emailTaken];
      if (rut) {
        const [rutOwner] = await db
          .select({ id: users.id })
          .from(users)
          .where(and(others, eq(users.rut, rut)))
          .limit(1);
        if (rutOwner) errors.rut = [messages.rutTaken];
      }
      if (Object.keys(errors).length > 0) throw new ValidationFailed(errors);

      if (avatar) await storage.put(avatar.key, avatar.data);
      let updated;
      try {
        // Stamped for administrators' devices (the members list of server/members).
        [updated] = await writeInCollege(db, current.collegeId, (write) =>
          write.tx
            .update(users)
            .set({
              seq: write.stamp([audienceKeys.admins]),
              name: values.name,
              firstLastname: values.first_lastname,
              secondLastname: values.second_lastname,
              email: values.email,
              rut,
              phone: values.phone,
              birthdate: values.birthdate === '' ? null : values.birthdate,
              ...(avatar ? { avatar: avatar.key } : {}),
              updatedAt: new Date(),
            })
            .where(and(eq(users.collegeId, current.collegeId), eq(users.id, current.id)))
            .returning(),
        );
      } catch (error) {
        if (avatar) await storage.delete(avatar.key);
        if (isUniqueViolation(error)) throw ValidationFailed.field('email', messages.emailTaken);
        throw error;
      }
      if (!updated) throw ValidationFailed.field('email', messages.invalidData);
      if (avatar && current.avatar) await storage.delete(current.avatar).catch(() => undefined);
      return userView(db, storage, updated);
    },
  });

  api.put(
    '/api/v1/users/update/password',
    {
      onRequest: requireUser(db),
      schema: { body: passwordUpdateRequest, response: { 200: z.object({ message: z.string() }) } },
    },
    async (request) => {
      const { user, tokenId } = authOf(request);
      const attempt = await reserveCurrentPasswordTry(db, user.collegeId, user.id);
      if (!attempt) throw new HttpError(429, messages.tooManyRequests);
      // A wrong password: its try stays counted.
      if (!(await verifyPassword(user.passwordHash, request.body.current_password)))
        throw ValidationFailed.field('current_password', messages.currentPasswordWrong);
      await attempt.succeeded();
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(request.body.password), updatedAt: new Date() })
        .where(and(eq(users.collegeId, user.collegeId), eq(users.id, user.id)));
      // Other devices must sign in again with the new password; this one stays signed in.
      // Push goes for every browser: which one is this device is not known here, so the
      // app registers this one again after the change (src/push/pushSubscription.ts).
      await revokeUserTokens(db, user.collegeId, user.id, tokenId);
      await forgetMemberDevices(db, user.collegeId, user.id);
      return { message: messages.passwordUpdated };
    },
  );
}
