import { and, eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxAltLength, type Attachment } from '../../contract/attachments';
import { isStorableText } from '../../contract/text';
import { attachments } from '../../server/attachments/schema';
import { posts } from '../../server/posts/schema';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { hostileString, hostileUrlValue } from './hostileValues';
import { collegeRefs, push } from './syncHelpers';

/**
 * An image's text alternative (contract/attachments.ts `attachments.describe`): its author
 * writes it, its owner's row lists it, and nothing a device sends as one is a server error.
 */
describe.each(backends)("an image's text alternative on $name", (backend) => {
  let server: TestServer;
  const host = hostOf('colinas');
  let staff = '';
  let student = '';
  let photo: { id: string; ownerId: string };

  beforeAll(async () => {
    server = await startServer(backend);
    staff = await signIn(server.app, host, { email: 'staff@colinas.test' });
    student = await signIn(server.app, host, { email: 'student@colinas.test' });
    // A demo post's photo (server/posts/seed.ts).
    const { collegeId } = await collegeRefs(server.db, 'colinas');
    const [row] = await server.db
      .select({ id: attachments.id, ownerId: attachments.ownerId })
      .from(attachments)
      .where(and(eq(attachments.collegeId, collegeId), eq(attachments.ownerKind, 'post'), eq(attachments.mimeType, 'image/jpeg')))
      .limit(1);
    photo = row!;
  });
  afterAll(() => server.close());

  const listed = async (): Promise<Attachment | undefined> => {
    const [post] = await server.db.select({ attachments: posts.attachments }).from(posts).where(eq(posts.id, photo.ownerId));
    return post?.attachments.find((file) => file.id === photo.id);
  };
  /** `id` as it goes in the address: already encoded. */
  const putAlt = (token: string, alt: unknown, id = photo.id) =>
    server.app.inject({
      method: 'PUT',
      url: `/api/v1/attachments/${id}/alt`,
      headers: { host, ...bearer(token), 'content-type': 'application/json' },
      payload: JSON.stringify({ alt }),
    });

  it("is written by whoever may edit the post, trimmed, listed in the post's row, and taken off when emptied", async () => {
    const session = { app: server.app, host, token: staff };
    const [result] = await push(session, [{ name: 'attachments.describe', args: { id: photo.id, alt: '  Estantes con libros nuevos  ' } }]);
    expect(result).toMatchObject({ status: 'applied' });
    expect((await listed())?.alt).toBe('Estantes con libros nuevos');

    expect((await putAlt(staff, 'Tres estantes de libros')).statusCode).toBe(204);
    expect((await listed())?.alt).toBe('Tres estantes de libros');
    expect((await putAlt(staff, '   ')).statusCode).toBe(204);
    expect(await listed()).not.toHaveProperty('alt');
  });

  it('is refused to a student, for a file of nothing, and over its length', async () => {
    expect((await putAlt(student, 'Libros')).statusCode).toBe(403);
    expect((await putAlt(staff, 'Libros', '0193a000-0000-7000-8000-00000000dead')).statusCode).toBe(404);
    expect((await putAlt(staff, 'x'.repeat(maxAltLength + 1))).statusCode).toBe(422);
    const [pushed] = await push({ app: server.app, host, token: staff }, [{ name: 'attachments.describe', args: { id: photo.id } }]);
    expect(pushed).toMatchObject({ status: 'rejected', error: { status: 422 } });
  });

  it('answers any value a device could send with a 2xx or a 4xx, never a server error', async () => {
    const value = fc.oneof(
      { weight: 6, arbitrary: hostileString },
      { weight: 1, arbitrary: fc.constantFrom(null, 42, true, [], {}, ['a'], { alt: 'x' }) },
      { weight: 1, arbitrary: fc.string({ minLength: maxAltLength - 2, maxLength: maxAltLength + 3 }) },
    );
    const id = fc.oneof({ weight: 4, arbitrary: fc.constant<string | null>(null) }, { weight: 1, arbitrary: hostileString });
    const addressId = fc.oneof({ weight: 4, arbitrary: fc.constant<string | null>(null) }, { weight: 1, arbitrary: hostileUrlValue });
    await fc.assert(
      fc.asyncProperty(value, id, addressId, fc.boolean(), async (alt, otherId, otherAddress, viaPush) => {
        if (viaPush) {
          const target = otherId ?? photo.id;
          const [result] = await push({ app: server.app, host, token: staff }, [{ name: 'attachments.describe', args: { id: target, alt } }]);
          if (result?.status === 'rejected') expect([403, 404, 409, 422]).toContain(result.error?.status);
          else expect(typeof alt === 'string' && isStorableText(alt) && alt.trim().length <= maxAltLength).toBe(true);
          return;
        }
        const target = otherAddress ?? photo.id;
        const response = await putAlt(staff, alt, target);
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(200);
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode === 204) expect(typeof alt === 'string' && isStorableText(alt) && alt.trim().length <= maxAltLength).toBe(true);
        if (typeof alt === 'string' && response.statusCode === 204 && target === photo.id) expect((await listed())?.alt ?? '').toBe(alt.trim());
      }),
      { numRuns: 120 },
    );
  });
});
