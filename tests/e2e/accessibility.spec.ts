import AxeBuilder from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import axeCore, { type Result } from 'axe-core';
import { translated } from './catalog';
import { EventsApi } from './eventsPages';
import { appStart, expect, installedApp, localDbName, PostsApi, syncDone, test as base, uniqueTitle } from './fixtures';
import { NotificationsApi } from './notificationsPages';
import { lookSeed, sidewaysOverflow } from './reflow';

/**
 * Accessibility, checked on every screen: every screen of the router, and the states that
 * matter on them (dialogs, form errors, a change not sent, a change refused), passes
 * axe-core's WCAG 2.2 AA rules in the light and the dark theme and in a left-to-right and
 * the right-to-left language; and on a 320 px wide phone none of them scrolls sideways
 * (WCAG 1.4.10 reflow). The other five languages' reflow is checked without axe by
 * reflowLanguages.spec.ts, what people write by longContent.spec.ts.
 *
 * Looks. A look is a theme (light or dark), a language (es, left to right, or ar, right to
 * left) and a width (a 320 × 640 phone, where the reflow is checked, or a 1280 × 800
 * desktop): eight looks, listed so that each even one and the next differ in all three
 * (light, es, phone beside dark, ar, desktop: `looks`). The n-th tour of this file runs in
 * look (seed + n) mod 8: the four tours of a run take four looks in a row, which always hold
 * such a pair, so every run checks both themes, both directions and both widths; from one
 * seed to the next each tour moves on to the next look, so eight successive seeds show every
 * tour's screens in all eight looks (a Latin square of tours × seeds). One look per tour and
 * run, not two: the second doubled the tour's minutes of browser time in every run
 * (docs/testing.md, the suite's budget).
 *
 * The seed is PATIO_A11Y_SEED when it is set, else the day's number (days since 1970-01-01,
 * UTC): the runs of one day check the same looks, the next day's runs the next ones. The
 * run prints its seed at the start, each test carries it as an annotation and each finding
 * names its look; `PATIO_A11Y_SEED=<seed> npx playwright test accessibility` replays a run.
 *
 * One browser visits every screen of a tour. The signed-in tours start signed in
 * (a session stored through the API, tests/e2e/fixtures.ts SignIn): the sign-in screen is
 * checked in the public tour, where it is the subject. Only the tour that goes offline has
 * a service worker (`installedApp`): its screens open offline from the precache, as on an
 * installed app; elsewhere the worker's install would only compete for the CPU. Motion is
 * reduced (the app drops its fades then): colours are measured as painted, never halfway
 * through a toast's or a dialog's fade.
 */

const wcag22aa = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface Look {
  theme: 'light' | 'dark';
  locale: 'es' | 'ar';
  viewport: { width: number; height: number };
}

const phone = { width: 320, height: 640 };
const desktop = { width: 1280, height: 800 };
/** Each even look and the next differ in theme, direction and width: together, each of them both ways. */
const looks: readonly Look[] = [
  { theme: 'light', locale: 'es', viewport: phone },
  { theme: 'dark', locale: 'ar', viewport: desktop },
  { theme: 'dark', locale: 'es', viewport: phone },
  { theme: 'light', locale: 'ar', viewport: desktop },
  { theme: 'light', locale: 'ar', viewport: phone },
  { theme: 'dark', locale: 'es', viewport: desktop },
  { theme: 'dark', locale: 'ar', viewport: phone },
  { theme: 'light', locale: 'es', viewport: desktop },
];

const seed = lookSeed();
let toursDeclared = 0;

const test = base.extend<{ look: Look }>({
  look: [looks[0]!, { option: true }],
  viewport: async ({ look }, use) => use(look.viewport),
  colorScheme: async ({ look }, use) => use(look.theme),
  reducedMotion: 'reduce',
  context: async ({ context, look }, use) => {
    // Stored the way the app keeps the choices, so every page loads already in them.
    await context.addInitScript(({ theme, locale }) => {
      window.localStorage.setItem('theme', theme);
      window.localStorage.setItem('locale', locale);
    }, look);
    await use(context);
  },
});

test.describe.configure({ mode: 'parallel' });

/** Declares a tour (`declare` calls `test` once) in this run's look for it. */
function inItsLook(declare: () => void): void {
  const look = looks[(seed + toursDeclared++) % looks.length]!;
  test.describe(`${look.theme} theme, ${look.locale}, ${look.viewport.width} px wide`, () => {
    test.use({ look });
    test.beforeEach(() => {
      test.info().annotations.push({ type: 'looks', description: `seed ${seed}` });
    });
    declare();
  });
}

/** The page is in the look's language, direction and theme. */
async function expectLook(page: Page, look: Look): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', look.locale);
  await expect(page.locator('html')).toHaveAttribute('dir', look.locale === 'ar' ? 'rtl' : 'ltr');
  await expect(page.locator('html')).toHaveClass(look.theme === 'dark' ? /\bdark\b/ : /^(?!.*\bdark\b)/);
}

/** One line per failing element: rule, impact, where, and what axe found. */
function describeViolations(violations: Result[]): string[] {
  return violations.flatMap((violation) =>
    violation.nodes.map((node) => {
      const why = [...node.any, ...node.all, ...node.none].map((check) => check.message).join('; ');
      return `${violation.id} (${violation.impact ?? 'unknown impact'}) at ${node.target.join(' ')}: ${why}`;
    }),
  );
}

/** Checks the screen as it is now; collects every finding of the tour instead of stopping. */
class ScreenCheck {
  constructor(
    private readonly page: Page,
    private readonly look: Look,
  ) {}

  get name(): string {
    return `${this.look.theme}, ${this.look.locale}, ${this.look.viewport.width} px`;
  }

  /** `within`: a part just opened on a screen already checked (a dialog, a form's errors). */
  async check(screen: string, within?: string): Promise<void> {
    // axe goes into each page once, not at every analysis (its 0.5 MB took longer to load
    // than the analysis itself); legacy mode runs it in the page itself: Patio has no
    // frames, and the default mode opens a blank page per analysis to merge frame results.
    if (!(await this.page.evaluate(() => 'axe' in window))) await this.page.evaluate(axeCore.source);
    // Colours are measured as painted: a toast or a dialog halfway through fading in would
    // blend with what is under it. Motion is reduced (the app's fades are off); whatever
    // still animates is waited for (spinners, which never end, are left alone).
    await this.page.evaluate(() =>
      Promise.all(
        document
          .getAnimations()
          .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
    );
    // Only violations are reported in full: axe then keeps one node of each rule that passed
    // (it serialises every passing node otherwise, the better part of a large page's analysis).
    const axe = new AxeBuilder({ page: this.page, axeSource: 'void 0' })
      .options({ resultTypes: ['violations'] })
      .withTags(wcag22aa)
      .setLegacyMode();
    const { violations } = await (within ? axe.include(within) : axe).analyze();
    expect.soft(describeViolations(violations), `axe WCAG 2.2 AA on ${screen} (${this.name})`).toEqual([]);
    if (this.look.viewport.width <= 320) {
      expect.soft(await sidewaysOverflow(this.page), `reflow at 320 px on ${screen} (${this.name})`).toEqual([]);
    }
  }
}

/** Opens an address and waits for its page heading (the screen's code and data are in). */
async function open(page: Page, path: string, heading: Locator = page.getByRole('heading', { level: 1 })): Promise<void> {
  await page.goto(path);
  await expect(heading).toBeVisible({ timeout: appStart });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: appStart });
}

/**
 * Follows the app's own link to `path` (the visible one: the tab bar or its "More" on phones,
 * the side bar on wide screens) and waits for the screen it opens.
 */
async function follow(page: Page, path: string, link = `a[href="${path}"]`, heading: Locator = page.getByRole('heading', { level: 1 })): Promise<void> {
  // A phone's tab bar keeps its last entries under "More".
  if ((await page.locator(`${link}:visible`).count()) === 0 && (await page.locator('.tabbar-more-button:visible').count()) > 0) {
    await page.locator('.tabbar-more-button').click();
  }
  await page.locator(`${link}:visible`).first().click();
  await expect(page).toHaveURL((url) => url.pathname === path);
  await expect(heading).toBeVisible({ timeout: appStart });
  await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: appStart });
}

// The longest tours first: the other worker takes the short ones meanwhile.

inItsLook(() => {
  test('the signed-in screens pass axe, and fit the width', async ({ page, request, signIn, device, look }) => {
    // The first download, about thirty screens and states, the messenger's among them.
    test.slow();
    const screens = new ScreenCheck(page, look);
    const tr = (text: string) => translated(look.locale, text);
    const postsApi = new PostsApi(request);
    const staff = await signIn.stored('', 'staff@colinas.test');
    // The profile then shows the calendar link card with its address (the fullest state).
    await new EventsApi(request).createFeed(staff);
    // An emergency alert to everyone (staff included), unread: home shows it, the inbox marks it.
    const alert = await new NotificationsApi(request).send(await postsApi.signIn('admin@colinas.test'), {
      title: uniqueTitle('Simulacro de evacuación'),
      content: 'Hoy a las 11:00.\nSigan las indicaciones de sus profesores.',
      emergency: true,
      scope: 'college',
      course_ids: [],
      grade_ids: [],
      section_ids: [],
    });

    // Addresses typed in (or followed from outside): a page load each, the first one the app's start.
    await page.goto('/blog/post/019a0000-0000-7000-8000-000000000000');
    await device.waitForSync(localDbName(staff.id));
    await expect(page.getByText(tr('This publication no longer exists.'))).toBeVisible({ timeout: appStart });
    await expectLook(page, look);
    await screens.check('an unknown publication');
    await open(page, '/app/no-such-page');
    await screens.check('page not found, signed in');

    // The rest as a user moves: through the app's links, without reloading it.
    await follow(page, '/app');
    await expect(page.locator('main article').first()).toBeVisible();
    await expect(page.locator('main .open-alerts')).toBeVisible();
    await screens.check('home, with an emergency alert');

    const signOut = page.getByRole('button', { name: tr('Sign out'), exact: true });
    await signOut.click();
    const confirmation = page.getByRole('alertdialog', { name: tr('Sign out?') });
    await expect(confirmation).toBeVisible();
    await screens.check('the sign-out confirmation', '[role="alertdialog"]');
    await page.keyboard.press('Escape');
    await expect(confirmation).toHaveCount(0);

    await follow(page, '/app/profile');
    await expect(page.locator('main .calendar-feed input[name="calendar_feed"]')).toBeVisible({ timeout: appStart });
    await expect(page.locator('main .quiet-hours-form')).toBeVisible({ timeout: appStart });
    await screens.check('profile, with the calendar link and quiet hours');

    await follow(page, '/app/outbox');
    await expect(page.getByText(tr('Everything has been sent.'))).toBeVisible();
    await screens.check('the outbox, empty');

    await follow(page, '/blog/all');
    await expect(page.locator('main article').first()).toBeVisible();
    await screens.check('the news list');

    // A post's photo, and the viewer it opens in.
    const [library] = await postsApi.titled(await postsApi.signIn('staff@colinas.test'), 'Nuevos libros en la biblioteca');
    await page.locator(`main a[href="/blog/post/${library!.id}"]`).first().click();
    const thumbnail = page.locator('main .image-gallery button').first();
    await expect(thumbnail).toBeVisible({ timeout: appStart });
    await screens.check('a post with its photo');
    await thumbnail.click();
    const viewer = page.getByRole('dialog');
    await expect(viewer.locator('img')).toBeVisible();
    await screens.check('the photo viewer', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(viewer).toHaveCount(0);
    await follow(page, '/blog/all');

    await follow(page, '/blog/new-post', 'a[href^="/blog/new-post"]');
    await screens.check('a new publication');
    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await screens.check('a new publication with the fields left empty', 'main form');

    // The school calendar: agenda, month, an event's details, the new-event form.
    await follow(page, '/events');
    const firstEvent = page.locator('main .agenda .event-item-link').first();
    await expect(firstEvent).toBeVisible();
    await screens.check('the calendar, agenda');
    await page.locator('main .calendar-views a[href*="view=month"]').click();
    await expect(page.locator('main table.month-grid:visible .month-day-events').first()).toBeVisible();
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0);
    // The day buttons' names hold what their chips show (WCAG 2.5.3), and days around the month keep 4.5:1.
    await screens.check('the calendar, month');
    await page.locator('main .calendar-views a:not([href*="view=month"])').click();
    await firstEvent.click();
    const details = page.getByRole('dialog');
    await expect(details.locator('.event-details')).toBeVisible();
    await screens.check("an event's details", '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(details).toHaveCount(0);

    await follow(page, '/events/new-event', 'a[href="/events/new-event"]');
    await expect(page.locator('main form.event-form')).toBeVisible();
    await screens.check('a new event');
    await page.locator('main .date-field .picker-button').first().click();
    await expect(page.locator('.date-popover [role="grid"]')).toBeVisible();
    // The picker's days of other months are muted by colour, not opacity (4.5:1).
    await screens.check('a new event, choosing its date');
    await page.keyboard.press('Escape');
    await expect(page.locator('.date-popover')).toHaveCount(0);
    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await screens.check('a new event with the fields left empty', 'main form');

    // Notifications: the inbox, an alert open, the ones the college sent and their figures, the form and its confirmation.
    await follow(page, '/notifications');
    // Other looks run beside this one and send alerts of their own: this one is found by its title.
    const alertItem = page.locator('main .notification-item.is-emergency.is-unread').filter({ hasText: alert.title });
    await expect(alertItem).toBeVisible();
    await screens.check('the notifications, an alert unread');
    await alertItem.locator('.notification-link').click();
    const alertOpen = page.getByRole('dialog');
    await expect(alertOpen.locator('.notification-ack button')).toBeVisible();
    await screens.check('an emergency alert, open', '[role="dialog"]');
    await alertOpen.locator('.notification-ack button').click();
    await expect(alertOpen.locator('.notification-ack-done')).toBeVisible();
    await screens.check('an emergency alert, acknowledged', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(alertOpen).toHaveCount(0);

    await follow(page, '/college-notifications', 'main a[href="/college-notifications"]');
    await expect(page.locator('main .sent-list').first()).toBeVisible();
    await screens.check('the notifications sent by the college');
    await page.locator(`main .sent-link[href$="notification=${alert.id}"]`).click();
    const delivery = page.getByRole('dialog');
    await expect(delivery.locator('.delivery-figures')).toBeVisible({ timeout: appStart });
    await screens.check("a notification's delivery figures", '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(delivery).toHaveCount(0);

    await follow(page, '/college-notifications/new-notification', 'a[href="/college-notifications/new-notification"]');
    await expect(page.locator('main form.notification-form')).toBeVisible();
    await screens.check('a new notification');
    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await screens.check('a new notification with the fields left empty', 'main form');
    await page.locator('main input[name="title"]').fill('Reunión de apoderados');
    await page.locator('main textarea[name="content"]').fill('El jueves a las 18:00.');
    await page.locator('main input[type="radio"][value="college"]').check();
    await page.locator('main form button[type="submit"]').click();
    const confirmSend = page.getByRole('alertdialog');
    await expect(confirmSend.locator('.confirm-reach strong')).toBeVisible();
    await screens.check('a new notification, confirming whom it reaches', '[role="alertdialog"]');
    await page.keyboard.press('Escape');
    await expect(confirmSend).toHaveCount(0);

    // Documents: the library with what the device holds, the upload dialog, a category.
    await follow(page, '/documentos');
    await expect(page.locator('main .document-item').first()).toBeVisible();
    await expect(page.locator('main .storage-panel')).toBeVisible();
    await screens.check('the documents library and the files on this device');
    await page.getByRole('button', { name: tr('Upload documents') }).click();
    const uploadDialog = page.getByRole('dialog');
    await expect(uploadDialog.locator('input[type="file"]')).toBeAttached();
    await screens.check('uploading documents', '[role="dialog"]');
    await page.keyboard.press('Escape');
    await expect(uploadDialog).toHaveCount(0);
    const firstCategory = page.locator('main .category-tab[href^="/documentos/"]').first();
    await follow(page, (await firstCategory.getAttribute('href'))!, 'main .category-tab[href^="/documentos/"]');
    await expect(page.locator('main .document-item').first()).toBeVisible();
    await screens.check('a category of documents');

    // The school's directory: the list with its call and mail buttons, one contact.
    await follow(page, '/admin/contacts');
    await expect(page.locator('main .contact-item').first()).toBeVisible();
    await screens.check('the contacts');
    const firstContact = page.locator('main .contact-item-name').first();
    await follow(page, (await firstContact.getAttribute('href'))!, 'main .contact-item-name');
    await expect(page.locator('main .contact-links .contact-link').first()).toBeVisible();
    await screens.check('a contact');

    // The messenger: the conversations, one of them, its details, a new group's form.
    await follow(page, '/messenger');
    await expect(page.locator('main .conversation-item').first()).toBeVisible();
    await screens.check('the conversations');
    const first = page.locator('main a.conversation-item').first();
    const chat = (await first.getAttribute('href'))!;
    await follow(page, chat, 'main a.conversation-item');
    await expect(page.getByRole('log').locator('.bubble').first()).toBeVisible();
    await screens.check('a conversation');
    await follow(page, `${chat}/info`, `main a[href="${chat}/info"]`);
    await screens.check("a conversation's details");
    await follow(page, '/messenger');
    await follow(page, '/messenger/groups/new', 'main a[href="/messenger/groups/new"]');
    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await screens.check('a new group with the fields left empty', 'main form');
  });
});

inItsLook(() => {
  test.use(installedApp);
  test('a change not sent, then refused, passes axe and fits the width, offline and back online', async ({ page, request, signIn, device, look }) => {
    // The first download, the service worker's install, six screens and states, a sync.
    test.slow();
    const screens = new ScreenCheck(page, look);
    const tr = (text: string) => translated(look.locale, text);
    const postsApi = new PostsApi(request);
    const staff = await signIn.stored('', 'staff@colinas.test');
    const reference = await postsApi.reference(staff);
    const title = uniqueTitle('Reunión de apoderados');
    const post = await postsApi.create(staff, {
      title,
      content: '<p>El jueves a las 18:00 en el gimnasio.</p>',
      category_id: reference.categories[0]!.id,
      scope: 'everyone',
      ...postsApi.everywhere(reference),
    });

    await page.goto(`/blog/post/${post.id}`);
    await device.waitForSync(localDbName(staff.id));
    await expect(page.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: appStart });
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: appStart });
    await expectLook(page, look);
    await screens.check('a publication');

    await follow(page, `/blog/post/${post.id}/edit`);
    const titleField = page.locator('main input[name="title"]');
    await expect(titleField).toHaveValue(title);
    await screens.check('editing a publication');

    // Edited offline: the post says it is not sent, the outbox lists it, sign-out warns. The
    // outbox's code, not opened yet, comes from the service worker's precache.
    await device.waitForServiceWorker();
    // The app says so once, over the screen's lower edge (the phone's submit button): read, closed.
    const offlineReady = page.locator('.update-prompt');
    await expect(offlineReady).toBeVisible();
    await screens.check('the app ready to work offline', '.update-prompt');
    await offlineReady.getByRole('button', { name: tr('Close'), exact: true }).click();
    await expect(offlineReady).toHaveCount(0);
    await device.goOffline();
    await expect(page.getByRole('banner').getByText(tr('Offline'), { exact: true })).toBeVisible();
    const edited = `${title} (gimnasio 2)`;
    await titleField.fill(edited);
    await page.locator('main form button[type="submit"]').click();
    await expect(page.getByRole('heading', { name: edited, level: 1 })).toBeVisible();
    await expect(page.locator('.post-detail-header .sync-badge')).toBeVisible();
    await screens.check('a publication not sent, offline');

    const signOut = page.getByRole('button', { name: tr('Sign out'), exact: true });
    await signOut.click();
    const warning = page.getByRole('dialog', { name: tr('Sign out?') });
    await expect(warning).toBeVisible();
    await screens.check('the sign-out warning about unsent changes', '[role="dialog"]');
    await warning.getByRole('button', { name: tr('Wait'), exact: true }).click();
    await expect(warning).toHaveCount(0);

    await follow(page, '/app/outbox');
    const entry = page.locator('main article.outbox-entry');
    await expect(entry).toBeVisible();
    await screens.check('the outbox with a change not sent');

    // A colleague deletes the post meanwhile: back online, the edit is refused.
    await postsApi.remove(staff, post.id);
    await device.goOnline();
    await expect(entry.getByRole('alert')).toBeVisible({ timeout: syncDone });
    await screens.check('the outbox with a change that needs attention');

    // Back to the publication, as the browser's back button goes.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === `/blog/post/${post.id}`);
    await expect(page.getByRole('alert').first()).toBeVisible();
    await screens.check('a publication whose change needs attention');
  });
});

inItsLook(() => {
  test("the members' screens pass axe, and fit the width", async ({ page, signIn, device, look }) => {
    // An administrator's first download of the members and five screens.
    test.slow();
    const screens = new ScreenCheck(page, look);
    const admin = await signIn.stored('', 'admin@colinas.test');
    // Home lists the sign-ups waiting, with a link to them.
    await open(page, '/app');
    await device.waitForSync(localDbName(admin.id));
    await expectLook(page, look);

    await follow(page, '/users', 'main a[href="/users?status=pending"]');
    await expect(page).toHaveURL(/\/users\?status=pending$/);
    await expect(page.locator('main .member-item-actions').first()).toBeVisible();
    await screens.check('the sign-ups waiting for approval');
    const pending = page.locator('main .member-item .member-name').first();
    await follow(page, (await pending.getAttribute('href'))!, 'main .member-item .member-name');
    await expect(page.locator('main .member-facts')).toBeVisible();
    await screens.check('a member waiting for approval');

    await follow(page, '/users', 'main a.back-link[href="/users"]');
    await expect(page.locator('main .member-item .member-nopin').first()).toBeVisible();
    await screens.check('the members list, with no-PIN warnings');
    await follow(page, '/users/new', 'main a[href="/users/new"]');
    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await screens.check('a new member with the fields left empty', 'main form');
    await page.goBack();
    await follow(page, '/users/import', 'main a[href="/users/import"]');
    await screens.check('importing members');
  });
});

inItsLook(() => {
  test('the public screens pass axe, and fit the width', async ({ page, look }) => {
    test.slow();
    const screens = new ScreenCheck(page, look);
    const tr = (text: string) => translated(look.locale, text);
    await open(page, '/');
    await expectLook(page, look);
    await screens.check('the landing page');

    await follow(page, '/auth/login', 'main a[href="/auth/login"]');
    await screens.check('sign-in');
    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await screens.check('sign-in with the fields left empty', 'main form');

    await page.getByRole('button', { name: tr('Forgot your password?') }).click();
    const recover = page.getByRole('dialog', { name: tr('Recover your account') });
    await expect(recover).toBeVisible();
    await screens.check('the recover-account dialog', '[role="dialog"]');
    await recover.getByRole('textbox').fill('nadie@colinas.test');
    await recover.locator('button[type="submit"]').click();
    await expect(recover.getByRole('button', { name: tr('Done') })).toBeVisible();
    await screens.check('the recover-account dialog, link sent', '[role="dialog"]');
    await recover.getByRole('button', { name: tr('Done') }).click();
    await expect(recover).toHaveCount(0);

    await follow(page, '/auth/signup-no', 'main a[href="/auth/signup-no"]');
    await screens.check('sign-up');
    await page.locator('main form button[type="submit"]').click();
    await expect(page.locator('main [aria-invalid="true"]').first()).toBeVisible();
    await screens.check('sign-up with the fields left empty', 'main form');

    await open(page, '/auth/reset-password?token=a1b2c3d4e5f6&email=staff%40colinas.test');
    await expect(page.locator('main input[type="password"]').first()).toBeVisible();
    await screens.check('choose a new password');
    await open(page, '/auth/reset-password');
    await expect(page.getByRole('alert').first()).toBeVisible();
    await screens.check('choose a new password, link not valid');

    // Single sign-on refused (server/sso/flowRoutes.ts sends the reason), an invitation's link not valid.
    await open(page, '/auth/login?sso_error=provider_down');
    await expect(page.getByRole('alert').first()).toBeVisible();
    await screens.check('sign-in after a refused single sign-on');
    await open(page, '/auth/invitation?token=not-an-invitation', page.getByRole('heading', { name: tr('This invitation cannot be used'), level: 1 }));
    await screens.check('an invitation, link not valid');

    await open(page, '/no/such/page');
    await screens.check('page not found');
  });
});
