import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { DeliveryKind, MailLanguage } from '../../contract/delivery';
import { cookieMemberOf } from '../auth/requireUser';
import type { Database } from '../db/client';
import type { SecretKey } from '../mail/secretKey';
import { writeInCollege } from '../sync/writeInCollege';
import type { Deliverable } from './deliverable';
import { readLink, type MailLink } from './links';
import { deliveryCollege, mailLanguageOf } from './members';
import { mailTextsFor } from './mailTexts';
import { markOpened, unsubscribe } from './preferences';
import { renderLinkPage, type MailCollege } from './render';
import { memberDelivery } from './schema';

/**
 * The pages a mail's links open, on the college's own address:
 *
 * - `GET /mail/open/{token}`: the item's button. A valid link marks the item read for its
 *   member (counted as the feature counts a read: a post's views, a notification's receipt)
 *   and opened from the email, then sends the browser to the item in the app, which asks to
 *   sign in only if this browser is not signed in yet.
 * - `GET /mail/unsubscribe/{token}`: the footer's link, a page that asks to confirm;
 *   `POST` the same address: RFC 8058's one-click unsubscribe (`List-Unsubscribe=One-Click`,
 *   sent by the mail client without cookies) and the page's button. Either switches the
 *   member to the app only for that kind.
 *
 * A link that is altered, expired, of another college's address or (for the button) of
 * another member than the one this browser is signed in as, is refused with a page in the
 * member's language that says so, and changes nothing.
 */
export function deliveryLinkRoutes(app: FastifyInstance, db: Database, secrets: SecretKey, deliverables: ReadonlyMap<DeliveryKind, Deliverable>): void {
  // A zod schema, as the app's validator compiler expects (server/http/validation.ts); any
  // string passes: `readLink` judges the token, so a bad one gets the refusal page, not a 422.
  const tokenParams = z.object({ token: z.string() });

  const page = async (
    reply: FastifyReply,
    status: number,
    language: MailLanguage,
    college: MailCollege | null,
    content: Omit<Parameters<typeof renderLinkPage>[0], 'language' | 'college'>,
  ) =>
    reply
      .code(status)
      .header('Cache-Control', 'no-store')
      .header('Referrer-Policy', 'no-referrer')
      .type('text/html; charset=utf-8')
      .send(renderLinkPage({ ...content, language, college }));

  /** The college of this address and the language to speak: the member's when the link names one. */
  const context = async (request: FastifyRequest, link: MailLink | null) => {
    const college = request.college ? await deliveryCollege(db, request.college.id) : null;
    let own: string | null = null;
    if (link && college && link.collegeId === college.id) {
      const [row] = await db.select({ language: memberDelivery.language }).from(memberDelivery).where(eq(memberDelivery.userId, link.userId));
      own = row?.language ?? null;
    }
    return { college, language: mailLanguageOf(own ?? request.headers['accept-language']?.split(',')[0] ?? null, college?.language ?? 'en') };
  };

  /** The link, or the page that refuses it. */
  const checked = async (request: FastifyRequest, reply: FastifyReply, token: string, purpose: 'open' | 'unsubscribe') => {
    const read = readLink(secrets, token, purpose, new Date());
    const link = typeof read === 'string' ? null : read;
    const { college, language } = await context(request, link);
    const texts = mailTextsFor(language).pages;
    const home = { href: '/', label: texts.openPatio };
    if (read === 'invalid' || !college)
      return { refused: await page(reply, 404, language, college, { title: texts.invalidTitle, text: texts.invalidText, link: home }) };
    if (read === 'expired') return { refused: await page(reply, 410, language, college, { title: texts.expiredTitle, text: texts.expiredText, link: home }) };
    if (read.collegeId !== college.id)
      return { refused: await page(reply, 403, language, college, { title: texts.otherCollegeTitle, text: texts.otherCollegeText }) };
    return { link: read, college, language, texts, home };
  };

  app.get<{ Params: { token: string } }>('/mail/open/:token', { schema: { params: tokenParams } }, async (request, reply) => {
    const result = await checked(request, reply, request.params.token, 'open');
    if ('refused' in result) return result.refused;
    const { link, college, language, texts, home } = result;
    const signedInAs = await cookieMemberOf(db, request);
    if (signedInAs !== null && signedInAs !== link.userId)
      return page(reply, 403, language, college, { title: texts.otherMemberTitle, text: texts.otherMemberText, link: home });
    const deliverable = deliverables.get(link.kind as DeliveryKind);
    const [item] = deliverable && link.itemId ? await deliverable.load(db, college.id, [link.itemId]) : [];
    if (!deliverable || !item || item.deleted) return page(reply, 404, language, college, { title: texts.goneTitle, text: texts.goneText, link: home });
    const opened = await writeInCollege(db, college.id, async (write) => {
      if (!(await markOpened(write.tx, link.kind as DeliveryKind, item, link.userId, new Date()))) return false;
      await deliverable.markRead(write, link.userId, item, new Date());
      return true;
    });
    if (!opened) return page(reply, 404, language, college, { title: texts.goneTitle, text: texts.goneText, link: home });
    return reply.code(303).header('Cache-Control', 'no-store').header('Referrer-Policy', 'no-referrer').redirect(item.path, 303);
  });

  app.get<{ Params: { token: string } }>('/mail/unsubscribe/:token', { schema: { params: tokenParams } }, async (request, reply) => {
    const result = await checked(request, reply, request.params.token, 'unsubscribe');
    if ('refused' in result) return result.refused;
    const { link, college, language, texts } = result;
    const kinds = mailTextsFor(language).kinds[link.kind];
    return page(reply, 200, language, college, {
      title: texts.unsubscribeTitle(kinds),
      text: texts.unsubscribeText(college.name, kinds),
      form: { action: `/mail/unsubscribe/${request.params.token}`, button: texts.unsubscribeButton },
    });
  });

  // RFC 8058 bodies are `application/x-www-form-urlencoded` (or multipart, which the app
  // already reads): parsed as text in this scope only, and not needed beyond being a POST.
  app.register((scope, _options, ready) => {
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => done(null, body));
    scope.post<{ Params: { token: string } }>('/mail/unsubscribe/:token', { schema: { params: tokenParams } }, async (request, reply) => {
      const result = await checked(request, reply, request.params.token, 'unsubscribe');
      if ('refused' in result) return result.refused;
      const { link, college, language, texts, home } = result;
      await unsubscribe(db, college.id, link.userId, link.kind, new Date());
      const kinds = mailTextsFor(language).kinds[link.kind];
      return page(reply, 200, language, college, { title: texts.unsubscribedTitle(kinds), text: texts.unsubscribedText, link: home });
    });
    ready();
  });
}
