import { and, eq, ne } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailLanguages } from '../../contract/delivery';
import { defaultMessengerRules } from '../../contract/messengerRules';
import { jsonBodyLimit } from '../../server/app';
import { attachments } from '../../server/attachments/schema';
import { users } from '../../server/db/schema';
import { contacts } from '../../server/contacts/schema';
import { signLink, type MailLink } from '../../server/delivery/links';
import { documentCategories, documents } from '../../server/documents/schema';
import { loadSecretKey } from '../../server/mail/secretKey';
import { backends, bearer, hostOf, signIn, startServer, type TestServer } from './harness';
import { applyChanges, changes, hostileString, hostileUrlValue } from './hostileValues';
import { browserSubscription } from './pushService';
import { collegeRefs, eventArgs, notificationArgs, postArgs, push, type CollegeRefs } from './syncHelpers';

/** A request of the REST API, as generated. */
type Call = { method: 'GET' | 'POST' | 'PUT' | 'DELETE'; url: string; payload?: string; headers?: Record<string, string> };

describe.each(backends)(
  'posts, events, calendar feeds, audience, notifications, push, documents, contacts, SMTP, statistics and delivery REST with generated input on $name',
  (backend) => {
    let server: TestServer;
    let refs: CollegeRefs;
    const host = hostOf('colinas');
    const tokens = { staff: '', student: '', admin: '' };
    let postIds: string[] = [];
    let eventIds: string[] = [];
    let notificationIds: string[] = [];
    let foreignIds: string[] = [];
    let documentIds: string[] = [];
    let documentCategoryIds: string[] = [];
    /** The demo posts' photos (files, variants) of the college. */
    let attachmentIds: string[] = [];
    /** Guardians of the college other than the signed-in ones (the members routes act on them). */
    let memberIds: string[] = [];
    /** The demo directory of the college. */
    let contactIds: string[] = [];
    /** `<token>.ics` of the feeds made so far (the latest of each member works; older ones answer 404). */
    const feedFiles: string[] = [];

    beforeAll(async () => {
      server = await startServer(backend);
      refs = await collegeRefs(server.db, 'colinas');
      const british = await collegeRefs(server.db, 'british');
      tokens.staff = await signIn(server.app, host, { email: 'staff@colinas.test' });
      tokens.student = await signIn(server.app, host, { email: 'student@colinas.test' });
      tokens.admin = await signIn(server.app, host, { email: 'admin@colinas.test' });
      const created = Array.from({ length: 10 }, () => postArgs(refs, ['1° Básico A'], 'everyone'));
      await push(
        { app: server.app, host, token: tokens.staff },
        created.map((args) => ({ name: 'posts.create', args })),
      );
      postIds = created.map((p) => p.id);
      const events = Array.from({ length: 10 }, () => eventArgs(refs, ['1° Básico A'], 'everyone'));
      await push(
        { app: server.app, host, token: tokens.staff },
        events.map((args) => ({ name: 'events.create', args })),
      );
      eventIds = events.map((e) => e.id);
      const sent = Array.from({ length: 6 }, (_, i) => notificationArgs(refs, ['1° Básico A'], 'everyone', { emergency: i % 2 === 0 }));
      await push(
        { app: server.app, host, token: tokens.admin },
        sent.map((args) => ({ name: 'notifications.create', args })),
      );
      notificationIds = sent.map((n) => n.id);
      documentIds = (await server.db.select({ id: documents.id }).from(documents).where(eq(documents.collegeId, refs.collegeId))).map((d) => d.id);
      documentCategoryIds = (
        await server.db.select({ id: documentCategories.id }).from(documentCategories).where(eq(documentCategories.collegeId, refs.collegeId))
      ).map((c) => c.id);
      const britishDocuments = await server.db.select({ id: documents.id }).from(documents).where(eq(documents.collegeId, british.collegeId));
      const attachmentsOf = async (collegeId: string) =>
        (await server.db.select({ id: attachments.id }).from(attachments).where(eq(attachments.collegeId, collegeId))).map((a) => a.id);
      attachmentIds = await attachmentsOf(refs.collegeId);
      memberIds = (
        await server.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.collegeId, refs.collegeId), eq(users.role, 'guardian'), ne(users.email, 'guardian@colinas.test')))
      ).map((u) => u.id);
      contactIds = (await server.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.collegeId, refs.collegeId))).map((c) => c.id);
      const britishContacts = await server.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.collegeId, british.collegeId)).limit(1);
      foreignIds = [
        ...(await server.db.select({ id: users.id }).from(users).where(eq(users.collegeId, british.collegeId)).limit(2)).map((u) => u.id),
        ...britishContacts.map((c) => c.id),
        ...britishDocuments.slice(0, 1).map((d) => d.id),
        ...(await attachmentsOf(british.collegeId)),
        british.categoryId,
        british.sectionId('1° Básico A'),
        british.collegeId,
        refs.collegeId,
        ...postIds.slice(0, 2),
        ...eventIds.slice(0, 2),
        ...notificationIds.slice(0, 2),
      ];
      for (const token of Object.values(tokens)) {
        const made = await server.app.inject({ method: 'POST', url: '/api/v1/calendar/feed', headers: { host, ...bearer(token) } });
        feedFiles.push(feedFileOf(made.json()));
      }
    });
    afterAll(() => server.close());

    const feedFileOf = (body: { feed: { https: string } }) => new URL(body.feed.https).pathname.split('/').pop()!;

    const queryValue = fc.oneof(
      hostileUrlValue,
      fc.integer().map(String),
      fc.double().map(String),
      fc.constantFrom('1', '100', '101', '0', '-1', '1e3', 'deportes', 'noticias', ''),
    );
    const listCall: fc.Arbitrary<Call> = fc
      .array(fc.tuple(fc.constantFrom('q', 'category', 'page', 'per_page', 'q[]', 'other'), queryValue), { maxLength: 5 })
      .map((params) => ({ method: 'GET', url: `/api/v1/posts?${params.map(([key, value]) => `${key}=${value}`).join('&')}` }));
    const idSegment = (ids: () => string[] = () => postIds) =>
      fc.oneof(
        fc.nat().map((n) => ids()[n % ids().length]!),
        fc.constantFrom(...foreignIds),
        fc.uuid(),
        hostileUrlValue.filter((value) => value !== ''),
      );
    const body = () =>
      fc.oneof(
        { weight: 4, arbitrary: changes(foreignIds).map((list) => JSON.stringify(applyChanges(postArgs(refs, ['1° Básico A'], 'everyone'), list))) },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
      );
    const reachBody = () =>
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .tuple(fc.constantFrom('college', 'everyone', 'students', 'guardians', 'staff'), changes(foreignIds))
            .map(([scope, list]) => JSON.stringify(applyChanges({ scope, section_ids: [refs.sectionId('1° Básico A'), ...foreignIds.slice(0, 2)] }, list))),
        },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
      );
    const day = fc.constantFrom('2026-09-01', '2026-02-29', '2999-12-31', '1900-01-01', '2026-13-01', '2026-09-31', '');
    const eventListCall: fc.Arbitrary<Call> = fc
      .array(fc.tuple(fc.constantFrom('from', 'to', 'from[]', 'other'), fc.oneof(day, queryValue)), { maxLength: 4 })
      .map((params) => ({ method: 'GET', url: `/api/v1/events?${params.map(([key, value]) => `${key}=${value}`).join('&')}` }));
    const wall = fc.constantFrom('2026-09-01T18:00', '2026-09-06T00:30', '2999-12-31T23:00', '1900-01-01T00:00', '2026-09-01T24:00', '2027-09-02T18:00');
    /** Times at the edges the contract checks: forms, order, length, repetitions and their ends. */
    const eventTimes = fc.record({
      all_day: fc.boolean(),
      start: fc.oneof(wall, day),
      end: fc.oneof(wall, day),
      repeat: fc.oneof(
        fc.constant(null),
        fc.record(
          {
            freq: fc.constantFrom('weekly', 'monthly', 'daily'),
            count: fc.option(fc.integer({ min: -1, max: 600 }), { nil: undefined }),
            until: fc.option(fc.oneof(day, fc.constant('2028-09-01')), { nil: undefined }),
          },
          { requiredKeys: ['freq'] },
        ),
      ),
      exceptions: fc.array(fc.oneof(day, hostileString), { maxLength: 4 }),
    });
    const eventBody = () =>
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .tuple(fc.option(eventTimes, { nil: undefined, freq: 2 }), changes(foreignIds))
            .map(([times, list]) => JSON.stringify(applyChanges({ ...eventArgs(refs, ['1° Básico A'], 'everyone'), ...times }, list))),
        },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
      );
    const feedFile = fc.oneof(
      fc.nat().map((n) => feedFiles[n % feedFiles.length]!),
      fc.nat().map((n) => feedFiles[n % feedFiles.length]!.toUpperCase()),
      fc.nat().map((n) => feedFiles[n % feedFiles.length]!.replace('.ics', '')),
      hostileUrlValue.map((value) => `${value}.ics`),
      hostileUrlValue.filter((value) => value !== ''),
    );
    /** A browser's subscription with its endpoint, keys or fields changed: bad values, other hosts, loopback, oversized. */
    const endpoint = fc.oneof(
      fc.constant('https://fcm.googleapis.com/fcm/send/'),
      fc.constant('https://web.push.apple.com/'),
      fc.constant('http://127.0.0.1:5432/'),
      fc.constant('https://fcm.googleapis.com.attacker.example/'),
      fc.constant(''),
    );
    const subscriptionBody = () =>
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .tuple(
              endpoint,
              fc.oneof(hostileString, fc.string({ unit: 'grapheme-ascii', maxLength: 40 }), fc.constant('x'.repeat(2100))),
              changes(foreignIds),
              changes(foreignIds),
            )
            .map(([start, rest, outer, inner]) => {
              const valid = browserSubscription(`${start}${rest}`);
              return JSON.stringify(applyChanges({ ...valid, keys: applyChanges(valid.keys, inner) }, outer));
            }),
        },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
      );
    const pageCall = (path: string): fc.Arbitrary<Call> =>
      fc
        .array(fc.tuple(fc.constantFrom('page', 'per_page', 'page[]', 'other'), queryValue), { maxLength: 4 })
        .map((params) => ({ method: 'GET', url: `${path}?${params.map(([key, value]) => `${key}=${value}`).join('&')}` }));
    const notificationBody = () =>
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .tuple(fc.boolean(), changes(foreignIds))
            .map(([emergency, list]) =>
              JSON.stringify(applyChanges({ ...notificationArgs(refs, ['1° Básico A'], 'everyone', { emergency }), id: undefined }, list)),
            ),
        },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
      );
    const time = fc.oneof(fc.constantFrom('21:00', '07:00', '00:00', '23:59', '24:00', '7:00', '12:60', ''), hostileString);
    const preferencesBody = fc.oneof(
      fc.record({ quiet_hours: fc.oneof(fc.boolean(), hostileString), quiet_start: time, quiet_end: time }).map((value) => JSON.stringify(value)),
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
    );
    const settingsBody = fc.oneof(
      fc.oneof(fc.integer({ min: -5, max: 2000 }), fc.double(), hostileString).map((minutes) => JSON.stringify({ emergency_email_minutes: minutes })),
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
    );
    const notificationCalls = (): fc.Arbitrary<Call> =>
      fc.oneof(
        pageCall('/api/v1/notifications'),
        pageCall('/api/v1/notifications/sent'),
        notificationBody().map((payload): Call => ({ method: 'POST', url: '/api/v1/notifications', payload })),
        fc
          .tuple(
            idSegment(() => notificationIds),
            fc.constantFrom('read', 'acknowledge', 'remind'),
          )
          .map(([id, verb]): Call => ({ method: 'POST', url: `/api/v1/notifications/${id}/${verb}` })),
        idSegment(() => notificationIds).map((id): Call => ({ method: 'GET', url: `/api/v1/notifications/${id}/delivery` })),
        fc.constant<Call>({ method: 'GET', url: '/api/v1/notifications/preferences' }),
        preferencesBody.map((payload): Call => ({ method: 'PUT', url: '/api/v1/notifications/preferences', payload })),
        fc.constant<Call>({ method: 'GET', url: '/api/v1/admin/notification-settings' }),
        settingsBody.map((payload): Call => ({ method: 'PUT', url: '/api/v1/admin/notification-settings', payload })),
      );
    const rangeHeaders = fc.record(
      {
        range: fc.oneof(
          fc.constantFrom('bytes=0-9', 'bytes=-5', 'bytes=5-', 'bytes=999999-', 'bytes=9-2', 'bytes=0-1,4-5', 'bytes=-0', 'items=0-1', ''),
          hostileString,
        ),
        'if-range': fc.oneof(fc.constant('"x"'), hostileString),
        'if-none-match': fc.oneof(fc.constant('*'), hostileString),
      },
      { requiredKeys: [] },
    );
    const documentListCall = (): fc.Arbitrary<Call> =>
      fc
        .array(
          fc.tuple(
            fc.constantFrom('q', 'category_id', 'limit', 'offset', 'q[]', 'other'),
            fc.oneof(
              queryValue,
              idSegment(() => documentCategoryIds),
            ),
          ),
          { maxLength: 5 },
        )
        .map((params) => ({ method: 'GET', url: `/api/v1/documents?${params.map(([key, value]) => `${key}=${value}`).join('&')}` }));
    const categoryBody = fc.oneof(
      fc
        .record(
          { name: fc.oneof(hostileString, fc.constant('Actas')), position: fc.oneof(fc.integer({ min: -5, max: 20_000 }), fc.double(), hostileString) },
          { requiredKeys: [] },
        )
        .map((value) => JSON.stringify(value)),
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
    );
    const documentCalls = (): fc.Arbitrary<Call> =>
      fc.oneof(
        documentListCall(),
        idSegment(() => documentIds).map((id): Call => ({ method: 'GET', url: `/api/v1/documents/${id}` })),
        fc
          .tuple(
            idSegment(() => documentIds),
            fc.constantFrom('', '?inline=1', '?inline=2'),
            rangeHeaders,
          )
          .map(([id, query, headers]): Call => ({ method: 'GET', url: `/api/v1/documents/${id}/file${query}`, headers })),
        idSegment(() => documentIds).map((id): Call => ({ method: 'POST', url: `/api/v1/documents/${id}/downloaded` })),
        idSegment(() => documentIds).map((id): Call => ({ method: 'DELETE', url: `/api/v1/documents/${id}` })),
        fc.constant<Call>({ method: 'GET', url: '/api/v1/document-categories' }),
        categoryBody.map((payload): Call => ({ method: 'POST', url: '/api/v1/document-categories', payload })),
        fc
          .tuple(
            idSegment(() => documentCategoryIds),
            categoryBody,
          )
          .map(([id, payload]): Call => ({ method: 'PUT', url: `/api/v1/document-categories/${id}`, payload })),
        idSegment(() => documentCategoryIds).map((id): Call => ({ method: 'DELETE', url: `/api/v1/document-categories/${id}` })),
      );
    const attachmentCalls = (): fc.Arbitrary<Call> =>
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .tuple(
              idSegment(() => attachmentIds),
              fc.oneof(
                fc.constantFrom('', '?w=320', '?w=321', '?w=1', '?w=0', '?w=-5', '?w=2.5', '?w=99999999', '?inline=1', '?w=640&inline=1', '?w[]=1'),
                queryValue.map((v) => `?w=${v}`),
              ),
              rangeHeaders,
            )
            .map(([id, query, headers]): Call => ({ method: 'GET', url: `/api/v1/attachments/${id}/file${query}`, headers })),
        },
        { weight: 1, arbitrary: idSegment(() => attachmentIds).map((id): Call => ({ method: 'DELETE', url: `/api/v1/attachments/${id}` })) },
      );
    const contactBody = () =>
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc
            .tuple(fc.constantFrom('+56 2 2345 6789', '(2) 2345', '12', '+56 abc', ''), fc.constantFrom('all', 'staff', 'everyone'), changes(foreignIds))
            .map(([phone, visibility, list]) =>
              JSON.stringify(
                applyChanges(
                  { name: 'Biblioteca', title: 'Bibliotecaria', email: 'biblioteca@colinas.test', phone, notes: '', visibility, place_id: null },
                  list,
                ),
              ),
            ),
        },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
      );
    const contactCalls = (): fc.Arbitrary<Call> =>
      fc.oneof(
        fc
          .array(fc.tuple(fc.constantFrom('q', 'limit', 'offset', 'q[]', 'other'), queryValue), { maxLength: 4 })
          .map((params): Call => ({ method: 'GET', url: `/api/v1/contacts?${params.map(([key, value]) => `${key}=${value}`).join('&')}` })),
        idSegment(() => contactIds).map((id): Call => ({ method: 'GET', url: `/api/v1/contacts/${id}` })),
        contactBody().map((payload): Call => ({ method: 'POST', url: '/api/v1/admin/contacts', payload })),
        fc
          .tuple(
            idSegment(() => contactIds),
            contactBody(),
          )
          .map(([id, payload]): Call => ({ method: 'PUT', url: `/api/v1/admin/contacts/${id}`, payload })),
        idSegment(() => contactIds).map((id): Call => ({ method: 'DELETE', url: `/api/v1/admin/contacts/${id}` })),
      );
    /** The messenger's reads (its writes are push mutations, generated in pushProperties.test.ts). */
    const messengerCalls = (): fc.Arbitrary<Call> =>
      fc.oneof(
        fc
          .array(fc.tuple(fc.constantFrom('q', 'for', 'limit', 'q[]', 'other'), fc.oneof(queryValue, fc.constantFrom('group', 'direct'))), { maxLength: 4 })
          .map((params): Call => ({ method: 'GET', url: `/api/v1/messenger/people?${params.map(([key, value]) => `${key}=${value}`).join('&')}` })),
        fc.constant<Call>({ method: 'GET', url: '/api/v1/messenger/conversations' }),
        fc.tuple(idSegment(), fc.array(fc.tuple(fc.constantFrom('before', 'limit', 'other'), queryValue), { maxLength: 3 })).map(([id, params]): Call => ({
          method: 'GET',
          url: `/api/v1/messenger/conversations/${id}/messages?${params.map(([key, value]) => `${key}=${value}`).join('&')}`,
        })),
        fc.constant<Call>({ method: 'GET', url: '/api/v1/admin/messenger/reports' }),
        fc
          .oneof(
            idSegment(() => memberIds).map((id) => JSON.stringify({ user_id: id })),
            fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
          )
          .map((payload): Call => ({ method: 'POST', url: '/api/v1/messenger/conversations', payload })),
        fc
          .tuple(idSegment(), fc.oneof(fc.record({ id: fc.option(fc.uuid(), { nil: undefined }), text: hostileString }), fc.jsonValue({ maxDepth: 3 })))
          .map(([id, body]): Call => ({ method: 'POST', url: `/api/v1/messenger/conversations/${id}/messages`, payload: JSON.stringify(body) })),
        fc.constant<Call>({ method: 'GET', url: '/api/v1/admin/messenger/rules' }),
        fc
          .oneof(
            fc
              .tuple(fc.dictionary(fc.constantFrom(...Object.keys(defaultMessengerRules)), fc.oneof(fc.boolean(), hostileString)), fc.boolean())
              .map(([cells, whole]) => JSON.stringify(whole ? { ...defaultMessengerRules, ...cells } : cells)),
            fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
          )
          .map((payload): Call => ({ method: 'PUT', url: '/api/v1/admin/messenger/rules', payload })),
      );
    /** The privacy routes: the settings, exports (asked, listed, downloaded) and erasure of generated members. */
    const privacyCalls = (): fc.Arbitrary<Call> =>
      fc.oneof(
        fc.constant<Call>({ method: 'GET', url: '/api/v1/admin/privacy/settings' }),
        fc
          .oneof(
            fc
              .record(
                {
                  erasure_policy: fc.oneof(fc.constantFrom('keep', 'remove', 'forget', ''), hostileString),
                  message_retention_months: fc.oneof(fc.constant(null), fc.integer({ min: -5, max: 200 }), fc.double(), hostileString),
                },
                { requiredKeys: [] },
              )
              .map((value) => JSON.stringify(value)),
            fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
          )
          .map((payload): Call => ({ method: 'PUT', url: '/api/v1/admin/privacy/settings', payload })),
        fc.constant<Call>({ method: 'GET', url: '/api/v1/privacy/exports' }),
        fc
          .oneof(
            fc
              .record(
                { id: fc.option(fc.oneof(fc.uuid(), hostileString), { nil: undefined }), member_id: idSegment(() => memberIds) },
                { requiredKeys: ['member_id'] },
              )
              .map((value) => JSON.stringify(value)),
            fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
          )
          .map((payload): Call => ({ method: 'POST', url: '/api/v1/privacy/exports', payload })),
        idSegment(() => memberIds).map((id): Call => ({ method: 'GET', url: `/api/v1/privacy/exports/${id}/download` })),
        idSegment(() => memberIds).map((id): Call => ({ method: 'POST', url: `/api/v1/admin/privacy/members/${id}/erase` })),
      );
    // SMTP settings point only at loopback (a refused port answers at once: no network in tests).
    const smtpBody = (): fc.Arbitrary<string> =>
      fc.oneof(
        {
          weight: 3,
          arbitrary: fc
            .tuple(
              fc.constantFrom('127.0.0.1', '', 'bad host', 'a/b'),
              fc.oneof(fc.constantFrom(1, 9, 65535, 0, 70000, -1, 2.5), fc.constantFrom('25', 'x')),
              fc.constantFrom('none', 'starttls', 'tls', 'ssl', ''),
              fc.constantFrom('', 'user'),
              fc.constantFrom('', 'pass\u0000', 'secret'),
              fc.constantFrom('no-reply@colinas.test', 'nope', ''),
              changes(foreignIds),
            )
            .map(([host, port, security, username, password, address, list]) =>
              JSON.stringify(applyChanges({ host, port, security, username, password, from_address: address, reply_to: '', clear_password: false }, list)),
            ),
        },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
      );
    const integrationCalls = (): fc.Arbitrary<Call> =>
      fc.oneof(
        fc.constantFrom<Call['method']>('GET', 'DELETE').map((method): Call => ({ method, url: '/api/v1/admin/integrations/smtp' })),
        smtpBody().map((payload): Call => ({ method: 'PUT', url: '/api/v1/admin/integrations/smtp', payload })),
        fc
          .oneof(fc.constantFrom('to@example.test', 'nope', ''), fc.jsonValue({ maxDepth: 1 }))
          .map((to): Call => ({ method: 'POST', url: '/api/v1/admin/integrations/smtp/test', payload: JSON.stringify({ to }) })),
        fc
          .array(fc.tuple(fc.constantFrom('cursor', 'limit', 'cursor[]', 'other'), queryValue), { maxLength: 3 })
          .map((params): Call => ({ method: 'GET', url: `/api/v1/admin/mail-log?${params.map(([key, value]) => `${key}=${value}`).join('&')}` })),
      );
    /** The statistics' five routes with generated periods, buckets and limits (staff and students are refused some). */
    const statisticsCalls = (): fc.Arbitrary<Call> =>
      fc
        .tuple(
          fc.constantFrom('posts', 'documents', 'entries/hours', 'entries/timeline', 'members'),
          fc.array(
            fc.tuple(
              fc.constantFrom('from', 'to', 'limit', 'bucket', 'from[]', 'other'),
              fc.oneof(day, queryValue, fc.constantFrom('2025-09-01', '2027-09-02', 'day', 'week', 'month', 'year', '50', '51')),
            ),
            { maxLength: 5 },
          ),
        )
        .map(([path, params]): Call => ({ method: 'GET', url: `/api/v1/statistics/${path}?${params.map(([key, value]) => `${key}=${value}`).join('&')}` }));
    /** The delivery routes: a member's channels and language, an administrator's view of a member's and the college's settings, reports and "send again". */
    const deliveryMode = fc.oneof(fc.constantFrom('app', 'immediate', 'digest', 'email', 'none', ''), hostileString);
    const deliveryPreferencesBody = fc.oneof(
      fc.record({ posts: deliveryMode, events: deliveryMode, notifications: deliveryMode }, { requiredKeys: [] }).map((value) => JSON.stringify(value)),
      fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
    );
    const deliveryCount = fc.oneof(fc.integer({ min: -5, max: 2000 }), fc.constantFrom(0, 1, 90, 91, 1000, 1001, 2.5, 1e12), fc.double(), hostileString);
    const deliveryItem = () =>
      fc.oneof(
        idSegment(() => postIds),
        idSegment(() => eventIds),
        idSegment(() => notificationIds),
      );
    const deliveryCalls = (): fc.Arbitrary<Call> =>
      fc.oneof(
        fc.constant<Call>({ method: 'GET', url: '/api/v1/profile/delivery-preferences' }),
        deliveryPreferencesBody.map((payload): Call => ({ method: 'PUT', url: '/api/v1/profile/delivery-preferences', payload })),
        fc
          .oneof(
            fc.oneof(fc.constantFrom(...mailLanguages, 'es-CL', 'EN', 'zh', 'xx', ''), hostileString).map((language) => JSON.stringify({ language })),
            fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
          )
          .map((payload): Call => ({ method: 'PUT', url: '/api/v1/profile/language', payload })),
        idSegment(() => memberIds).map((id): Call => ({ method: 'GET', url: `/api/v1/admin/members/${id}/delivery-preferences` })),
        fc
          .tuple(
            idSegment(() => memberIds),
            deliveryPreferencesBody,
          )
          .map(([id, payload]): Call => ({ method: 'PUT', url: `/api/v1/admin/members/${id}/delivery-preferences`, payload })),
        fc.constant<Call>({ method: 'GET', url: '/api/v1/admin/delivery-settings' }),
        fc
          .oneof(
            fc.record({ inactive_days: deliveryCount, mails_per_second: deliveryCount }, { requiredKeys: [] }).map((value) => JSON.stringify(value)),
            fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
          )
          .map((payload): Call => ({ method: 'PUT', url: '/api/v1/admin/delivery-settings', payload })),
        fc
          .tuple(
            fc.oneof(
              fc.constantFrom('post', 'event', 'notification', 'posts', 'digest'),
              hostileUrlValue.filter((value) => value !== ''),
            ),
            deliveryItem(),
            fc.boolean(),
          )
          .map(([kind, id, remind]): Call =>
            remind ? { method: 'POST', url: `/api/v1/deliveries/${kind}/${id}/remind` } : { method: 'GET', url: `/api/v1/deliveries/${kind}/${id}` },
          ),
      );
    const call = (): fc.Arbitrary<Call> =>
      fc.oneof(
        // Nine delivery routes.
        { weight: 4, arbitrary: deliveryCalls() },
        // Five SMTP and mail-log routes.
        { weight: 3, arbitrary: integrationCalls() },
        { weight: 3, arbitrary: statisticsCalls() },
        // Five contact routes.
        { weight: 3, arbitrary: contactCalls() },
        { weight: 2, arbitrary: messengerCalls() },
        { weight: 2, arbitrary: privacyCalls() },
        { weight: 2, arbitrary: attachmentCalls() },
        // Nine document routes, weighted like the notifications'.
        { weight: 6, arbitrary: documentCalls() },
        // One arbitrary for nine notification routes: weighted like the others' share.
        { weight: 6, arbitrary: notificationCalls() },
        fc.constant<Call>({ method: 'GET', url: '/api/v1/push/key' }),
        fc
          .tuple(fc.constantFrom<Call['method']>('POST', 'DELETE'), subscriptionBody())
          .map(([method, payload]): Call => ({ method, url: '/api/v1/push/subscriptions', payload })),
        fc.tuple(subscriptionBody(), changes(foreignIds)).map(([subscription, list]): Call => {
          const old = browserSubscription();
          const body = applyChanges({ old_endpoint: old.endpoint, old_auth: old.keys.auth, subscription: JSON.parse(subscription) as unknown }, list);
          return { method: 'POST', url: '/api/v1/push/subscriptions/renew', payload: JSON.stringify(body) };
        }),
        eventListCall,
        idSegment(() => eventIds).map((id): Call => ({ method: 'GET', url: `/api/v1/events/${id}` })),
        eventBody().map((payload): Call => ({ method: 'POST', url: '/api/v1/events', payload })),
        fc
          .tuple(
            idSegment(() => eventIds),
            eventBody(),
          )
          .map(([id, payload]): Call => ({ method: 'PUT', url: `/api/v1/events/${id}`, payload })),
        idSegment(() => eventIds).map((id): Call => ({ method: 'DELETE', url: `/api/v1/events/${id}` })),
        fc.constantFrom<Call['method']>('GET', 'POST', 'DELETE').map((method): Call => ({ method, url: '/api/v1/calendar/feed' })),
        feedFile.map((file): Call => ({ method: 'GET', url: `/api/v1/calendar/${file}` })),
        reachBody().map((payload): Call => ({ method: 'POST', url: '/api/v1/audience/reach', payload })),
        listCall,
        idSegment().map((id): Call => ({ method: 'GET', url: `/api/v1/posts/${id}` })),
        body().map((payload): Call => ({ method: 'POST', url: '/api/v1/posts', payload })),
        fc.tuple(idSegment(), body()).map(([id, payload]): Call => ({ method: 'PUT', url: `/api/v1/posts/${id}`, payload })),
        idSegment().map((id): Call => ({ method: 'DELETE', url: `/api/v1/posts/${id}` })),
      );

    it('never answers 5xx to generated queries, ids and bodies', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom<keyof typeof tokens>('staff', 'student', 'admin'), call(), async (actor, { method, url, payload, headers: extra }) => {
          const response = await server.app.inject({
            method,
            url,
            headers: { ...extra, host, ...bearer(tokens[actor]), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(payload === undefined ? {} : { payload }),
          });
          // A replaced feed: read the new address from now on.
          if (method === 'POST' && url === '/api/v1/calendar/feed' && response.statusCode === 201) feedFiles.push(feedFileOf(response.json()));
          const expectedTooLarge = payload !== undefined && Buffer.byteLength(payload) > jsonBodyLimit;
          expect(response.statusCode, `${method} ${url} → ${response.body}`).toBeLessThan(expectedTooLarge ? 414 : 500);
          if (response.statusCode >= 400) expect(typeof response.json<{ message?: unknown }>().message, response.body).toBe('string');
        }),
        { numRuns: 300 },
      );
    }, 240_000);

    it('never answers 5xx to generated mail links (signed, altered or made up), opened or posted, on any host, with any cookie and body', async () => {
      const secrets = loadSecretKey(server.dataDir);
      const uuid = fc.oneof(fc.constantFrom(...memberIds, ...postIds, ...eventIds, ...notificationIds, ...foreignIds), fc.uuid());
      /** Links this server signs for the path's purpose (mostly well formed: a digest names no item), for members, items and colleges real or not. */
      const signed = (purpose: MailLink['purpose']) =>
        fc
          .record({
            kind: fc.constantFrom<MailLink['kind']>('post', 'event', 'notification', 'digest'),
            collegeId: fc.oneof({ weight: 3, arbitrary: fc.constant(refs.collegeId) }, { weight: 1, arbitrary: uuid }),
            userId: uuid,
            itemId: uuid,
            wellFormed: fc.oneof({ weight: 4, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
            expiresAt: fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true }),
          })
          .map(({ wellFormed, itemId, ...link }) => signLink(secrets, { ...link, purpose, itemId: (link.kind === 'digest') === wellFormed ? null : itemId }));
      const token = (purpose: MailLink['purpose']) =>
        fc.oneof(
          { weight: 4, arbitrary: signed(purpose) },
          { weight: 1, arbitrary: signed(purpose === 'open' ? 'unsubscribe' : 'open') },
          {
            weight: 2,
            arbitrary: fc
              .tuple(signed(purpose), fc.nat(), fc.constantFrom('A', 'z', '-', '_', '0'))
              .map(([made, at, c]) => made.slice(0, at % made.length) + c + made.slice((at % made.length) + 1)),
          },
          { weight: 1, arbitrary: fc.tuple(signed(purpose), fc.nat({ max: 100 })).map(([made, cut]) => made.slice(0, cut)) },
          { weight: 2, arbitrary: hostileUrlValue.filter((value) => value !== '') },
        );
      const body = fc.oneof(
        fc.constant<Pick<Call, 'payload' | 'headers'>>({}),
        fc
          .oneof(fc.constantFrom('List-Unsubscribe=One-Click', 'List-Unsubscribe=Other', ''), hostileString, fc.string({ minLength: 1000, maxLength: 1100 }))
          .map((payload) => ({ payload, headers: { 'content-type': 'application/x-www-form-urlencoded' } })),
        fc.jsonValue({ maxDepth: 2 }).map((value) => ({ payload: JSON.stringify(value), headers: { 'content-type': 'application/json' } })),
        fc
          .constantFrom('text/plain', 'multipart/form-data; boundary=x', 'application/octet-stream')
          .map((type) => ({ payload: 'List-Unsubscribe=One-Click', headers: { 'content-type': type } })),
      );
      const request = fc.record({
        path: fc.constantFrom<MailLink['purpose']>('open', 'unsubscribe'),
        post: fc.boolean(),
        body,
        host: fc.constantFrom(host, hostOf('british'), 'unknown.example'),
        cookie: fc.constantFrom<string | null>(null, `token=${tokens.student}`, `token=${tokens.admin}`, 'token=', 'token=%00x'),
        language: fc.constantFrom<string | null>(null, 'es-CL,es;q=0.9', 'ar', 'zh-CN', '*', 'xx-YY;q=0'),
      });
      await fc.assert(
        fc.asyncProperty(
          request.chain((fields) => token(fields.path).map((link) => ({ ...fields, link }))),
          async ({ path, post, link, body, host: onHost, cookie, language }) => {
            const method = post && path === 'unsubscribe' ? 'POST' : 'GET';
            const response = await server.app.inject({
              method,
              url: `/mail/${path}/${link}`,
              headers: {
                host: onHost,
                ...(cookie ? { cookie } : {}),
                ...(language ? { 'accept-language': language } : {}),
                ...(method === 'POST' ? body.headers : {}),
              },
              ...(method === 'POST' && body.payload !== undefined ? { payload: body.payload } : {}),
            });
            expect(response.statusCode, `${method} /mail/${path}/${link} → ${response.body.slice(0, 300)}`).toBeLessThan(500);
          },
        ),
        { numRuns: 200 },
      );
    }, 240_000);

    const memberBody = () =>
      fc.oneof(
        {
          weight: 4,
          arbitrary: fc.tuple(changes(foreignIds), fc.uuid({ version: 7 })).map(([list, id]) =>
            JSON.stringify(
              applyChanges(
                {
                  name: 'Apoderada',
                  first_lastname: 'Ejemplo',
                  email: `ejemplo.${id.slice(-12)}@colinas.test`,
                  rut: '11.111.111-1',
                  phone: '+56 9 1234 5678',
                  birthdate: '1984-05-06',
                  role: 'guardian',
                  place_id: null,
                  section_ids: [refs.sectionId('1° Básico A')],
                  child_ids: [],
                  status: 'active',
                },
                list,
              ),
            ),
          ),
        },
        { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)) },
      );
    const importBody = () =>
      fc.oneof(
        changes(foreignIds).map((list) =>
          JSON.stringify(
            applyChanges(
              {
                rows: [{ name: 'Alumno', email: 'alumno.x@import.test', rut: '11.111.111-1', role: 'alumno', sections: '1° Básico A', children: 'x;y' }],
                confirm: false,
              },
              list,
            ),
          ),
        ),
        fc
          .array(
            fc.dictionary(fc.constantFrom('name', 'email', 'rut', 'role', 'place', 'sections', 'children', 'birthdate', 'phone', 'other'), hostileString),
            { maxLength: 4 },
          )
          .chain((rows) => fc.boolean().map((confirm) => JSON.stringify({ rows, confirm }))),
        fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
      );
    const memberListCall: fc.Arbitrary<Call> = fc
      .array(
        fc.tuple(
          fc.constantFrom('q', 'role', 'status', 'place_id', 'section_id', 'without_pin', 'sort', 'page', 'per_page', 'q[]'),
          fc.oneof(queryValue, fc.constantFrom('admin', 'pending', '-name', 'role', 'true', 'muñoz')),
        ),
        { maxLength: 5 },
      )
      .map((params) => ({ method: 'GET', url: `/api/v1/admin/members?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}` }));
    const memberCalls = (): fc.Arbitrary<Call> =>
      fc.oneof(
        memberListCall,
        idSegment(() => memberIds).map((id): Call => ({ method: 'GET', url: `/api/v1/admin/members/${id}` })),
        memberBody().map((payload): Call => ({ method: 'POST', url: '/api/v1/admin/members', payload })),
        fc
          .tuple(
            idSegment(() => memberIds),
            memberBody(),
          )
          .map(([id, payload]): Call => ({ method: 'PUT', url: `/api/v1/admin/members/${id}`, payload })),
        idSegment(() => memberIds).map((id): Call => ({ method: 'DELETE', url: `/api/v1/admin/members/${id}` })),
        fc
          .tuple(
            idSegment(() => memberIds),
            fc.constantFrom('approve', 'reject', 'reset-password'),
          )
          .map(([id, verb]): Call => ({ method: 'POST', url: `/api/v1/admin/members/${id}/${verb}` })),
        fc
          .tuple(
            idSegment(() => memberIds),
            fc.oneof(fc.constantFrom('1234', '123456', '12a4', ''), hostileString),
            fc.constantFrom<Call['method']>('PUT', 'DELETE'),
          )
          .map(([id, pin, method]): Call => ({ method, url: `/api/v1/admin/members/${id}/pin`, payload: JSON.stringify({ pin }) })),
        fc
          .tuple(
            idSegment(() => memberIds),
            fc.oneof(fc.constantFrom('1234', '0000'), hostileString),
          )
          .map(([id, pin]): Call => ({ method: 'POST', url: `/api/v1/members/${id}/verify-pin`, payload: JSON.stringify({ pin }) })),
        importBody().map((payload): Call => ({ method: 'POST', url: '/api/v1/admin/members/import', payload })),
      );

    const auditQueryCall = (path: string): fc.Arbitrary<Call> =>
      fc
        .array(
          fc.tuple(
            fc.constantFrom('member', 'actor', 'kind', 'from', 'to', 'page', 'member[]', 'other'),
            fc.oneof(
              queryValue,
              day,
              fc.constantFrom('member.created', 'audit.retentionChanged', 'muñoz', '%', '_'),
              fc.uuid(),
              idSegment(() => memberIds),
            ),
          ),
          { maxLength: 6 },
        )
        .map((params) => ({ method: 'GET', url: `${path}?${params.map(([key, value]) => `${key}=${encodeURIComponent(value)}`).join('&')}` }));
    const auditCalls = (): fc.Arbitrary<Call> =>
      fc.oneof(
        auditQueryCall('/api/v1/admin/audit'),
        auditQueryCall('/api/v1/admin/audit.csv'),
        fc.constant<Call>({ method: 'GET', url: '/api/v1/admin/audit/retention' }),
        fc
          .oneof(
            fc.oneof(fc.constantFrom(1, 2, 3, 4, 5, 7, 0, -1, 2.5, 1e9), hostileString).map((years) => JSON.stringify({ years })),
            fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
          )
          .map((payload): Call => ({ method: 'PUT', url: '/api/v1/admin/audit/retention', payload })),
      );

    it('never answers 5xx to generated audit calls (list, CSV, retention)', async () => {
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom<keyof typeof tokens>('staff', 'student', 'admin', 'admin', 'admin'),
          auditCalls(),
          async (actor, { method, url, payload }) => {
            const response = await server.app.inject({
              method,
              url,
              headers: { host, ...bearer(tokens[actor]), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
              ...(payload === undefined ? {} : { payload }),
            });
            expect(response.statusCode, `${method} ${url} → ${response.body}`).toBeLessThan(500);
            if (actor !== 'admin') expect(response.statusCode).toBe(403);
            if (response.statusCode >= 400) expect(typeof response.json<{ message?: unknown }>().message, response.body).toBe('string');
          },
        ),
        { numRuns: 150 },
      );
    }, 240_000);

    it('never answers 5xx to generated members calls (list, writes, PIN, reset, import)', async () => {
      await fc.assert(
        fc.asyncProperty(fc.constantFrom<keyof typeof tokens>('staff', 'student', 'admin', 'admin'), memberCalls(), async (actor, { method, url, payload }) => {
          const response = await server.app.inject({
            method,
            url,
            headers: { host, ...bearer(tokens[actor]), ...(payload === undefined ? {} : { 'content-type': 'application/json' }) },
            ...(payload === undefined ? {} : { payload }),
          });
          expect(response.statusCode, `${method} ${url} → ${response.body}`).toBeLessThan(500);
          if (response.statusCode >= 400) expect(typeof response.json<{ message?: unknown }>().message, response.body).toBe('string');
        }),
        { numRuns: 200 },
      );
    }, 240_000);

    it('never answers 5xx to generated sign-ins, counted or refused, from any address', async () => {
      const identifier = fc.oneof(fc.constantFrom('guardian@colinas.test', 'nobody@colinas.test', '12.345.678-5', ''), hostileString);
      const body = fc
        .record({ email: identifier, rut: identifier, password: fc.oneof(fc.constantFrom('wrong-password', ''), hostileString) }, { requiredKeys: [] })
        .map((fields) => JSON.stringify(fields));
      const address = fc.constantFrom('10.3.0.1', '10.3.0.2', '::1');
      await fc.assert(
        fc.asyncProperty(fc.oneof(body, hostileString), address, async (payload, remoteAddress) => {
          const response = await server.app.inject({
            method: 'POST',
            url: '/api/login-mobile',
            headers: { host, 'content-type': 'application/json' },
            payload,
            remoteAddress,
          });
          expect(response.statusCode, `${payload} → ${response.body}`).toBeLessThan(500);
          expect(typeof response.json<{ message?: unknown }>().message, response.body).toBe('string');
        }),
        { numRuns: 150 },
      );
    }, 240_000);

    it('never answers 5xx to generated password changes, counted or refused', async () => {
      const text = fc.oneof(fc.constantFrom('wrong-password', 'a-new-password-1', ''), hostileString);
      const body = fc
        .record({ current_password: text, password: text, password_confirmation: text }, { requiredKeys: [] })
        .map((fields) => JSON.stringify(fields));
      await fc.assert(
        fc.asyncProperty(fc.oneof(body, hostileString), async (payload) => {
          const response = await server.app.inject({
            method: 'PUT',
            url: '/api/v1/users/update/password',
            headers: { host, ...bearer(tokens.student), 'content-type': 'application/json' },
            payload,
          });
          expect(response.statusCode, `${payload} → ${response.body}`).toBeLessThan(500);
          expect(typeof response.json<{ message?: unknown }>().message, response.body).toBe('string');
        }),
        { numRuns: 100 },
      );
    }, 240_000);
  },
);
