import { readFile } from 'node:fs/promises';
import { appStart, expect, installedApp, localDbName, test, uniqueTitle } from './fixtures';
import { CalendarLinkCard, EventFormPage, EventsApi, EventsPage, collegeToday, dayNextMonth, unfolded } from './eventsPages';

/**
 * The school calendar (docs/features/events.md), as people use it: a teacher adds an event with no network
 * and everyone gets it once the phone is back online; the month reads in the page's
 * language and direction; an event's address opens its details; a device makes the
 * calendar file itself; the personal calendar link serves the member's events until it is
 * turned off.
 */

const staffOnly = 'Consejo de profesores';
const forEveryone = 'Muestra de teatro';

test.describe('the school calendar', () => {
  test.describe('on an installed app', () => {
    test.use(installedApp);
    test('creates an event offline and another browser sees it after reconnecting', async ({ page, signIn, shell, postsApi, request, device, devices }) => {
      // Two sign-ins, their first downloads, an offline reload and a sync on a busy machine (fixtures: appStart).
      test.slow();
      const eventsApi = new EventsApi(request);
      const name = uniqueTitle('Reunión de apoderados de 3° Básico');
      const day = dayNextMonth(collegeToday(), 10);
      const matias = await postsApi.signIn('matias.silva@colinas.test');
      const josefa = await postsApi.signIn('josefa.herrera@colinas.test');

      // Josefa, a guardian, has the calendar open before the event is made.
      const phone = await devices.open();
      await phone.signIn.as('josefa.herrera@colinas.test', 'Josefa');
      await phone.device.waitForSync(localDbName(josefa.id));
      const phoneCalendar = new EventsPage(phone.page);
      await phoneCalendar.goto();
      await phone.device.markPage();
      const stream = await phone.device.streamUp();

      // Matías, a teacher, loses the network after Patio has been installed and synced.
      await signIn.as('matias.silva@colinas.test', 'Matías');
      await device.waitForServiceWorker();
      await device.waitForSync(localDbName(matias.id));
      const calendar = new EventsPage(page);
      await calendar.goto();
      await device.goOffline();
      await expect(shell.offline).toBeVisible();

      await calendar.newEventLink.click();
      const form = new EventFormPage(page);
      await expect(form.heading).toBeVisible({ timeout: appStart });
      await form.fill({ name, category: 'Meeting', day, start: '18:30', end: '20:00', audience: 'Everyone in the school', location: 'Sala 12' });
      await expect(form.dateButton('Start date')).toHaveAccessibleName(
        new RegExp(new Intl.DateTimeFormat('en', { day: 'numeric', month: 'short', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`))),
      );
      await expect(form.startTime).toHaveValue(/^6:30\sPM$/);
      await expect(form.endTime).toHaveValue(/^8:00\sPM$/);
      const id = await form.create(name);

      // The calendar shows it with its details over it, marked as not sent.
      await expect(calendar.details(name).getByText('Not sent', { exact: true })).toBeVisible();
      await calendar.closeDetails();
      await expect(page).toHaveURL((url) => url.pathname === '/events' && !url.searchParams.has('event'));
      await expect(calendar.agendaItem(name).getByText('Not sent', { exact: true })).toBeVisible();
      await expect(shell.unsent(1)).toBeVisible();

      // Still offline: a reload keeps the event and its mark.
      await shell.reload();
      await calendar.waitForCalendar();
      await expect(calendar.agendaItem(name).getByText('Not sent', { exact: true })).toBeVisible();
      await expect(shell.unsent(1)).toBeVisible();
      await expect(shell.offline).toBeVisible();
      expect(await eventsApi.named(matias, name)).toHaveLength(0);

      // Back online: sent, unmarked, exactly one copy on the server, as it was written.
      await device.goOnline();
      await expect(calendar.agendaItem(name)).toBeVisible();
      await expect(calendar.agendaItem(name).getByText('Not sent', { exact: true })).toHaveCount(0, { timeout: 20_000 });
      await expect(shell.anyUnsent).toHaveCount(0);
      await expect.poll(async () => (await eventsApi.named(matias, name)).length).toBe(1);
      const [sent] = await eventsApi.named(matias, name);
      expect(sent).toMatchObject({
        id,
        start: `${day}T18:30`,
        end: `${day}T20:00`,
        all_day: false,
        scope: 'college',
        category: 'meeting',
        location: 'Sala 12',
      });

      // Josefa's open calendar shows it, pushed by the server: no reload, and her stream stayed up (no poll).
      await expect(phoneCalendar.agendaItem(name)).toBeVisible();
      await phone.device.expectSamePage();
      phone.device.expectStreamKept(stream);
      await phoneCalendar.agendaItem(name).getByRole('link', { name, exact: true }).click();
      await expect(phoneCalendar.details(name)).toContainText('Sala 12');
      expect(await eventsApi.named(josefa, name)).toHaveLength(1);
    });
  });

  test('the month grid in Spanish and in Arabic', async ({ page, signIn, postsApi, device }) => {
    test.slow();
    const matias = await postsApi.signIn('matias.silva@colinas.test');
    await signIn.as('matias.silva@colinas.test', 'Matías');
    await device.waitForSync(localDbName(matias.id));
    const calendar = new EventsPage(page);
    const month = collegeToday().slice(0, 7);
    const monday = new Date(Date.UTC(2024, 0, 1));
    const weekday = (locale: string, weekday: 'short' | 'long', day = monday) => new Intl.DateTimeFormat(locale, { weekday, timeZone: 'UTC' }).format(day);
    const monthHeading = (locale: string) => {
      const text = new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-01T12:00:00Z`));
      return text.charAt(0).toLocaleUpperCase(locale) + text.slice(1);
    };

    // In Spanish: Monday first, the month by its Spanish name.
    await page.evaluate(() => window.localStorage.setItem('locale', 'es'));
    await calendar.goto('?view=month');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(calendar.weekdayHeaders).toHaveCount(7);
    await expect(calendar.weekdayHeaders.first().locator('.weekday-short')).toHaveText('lun');
    await expect(calendar.weekdayHeaders.first()).toHaveAttribute('abbr', weekday('es', 'long'));
    await expect(calendar.weekdayHeaders.last().locator('.weekday-short')).toHaveText(weekday('es', 'short', new Date(Date.UTC(2024, 0, 7))));
    await expect(calendar.monthTitle).toHaveText(monthHeading('es'));
    // The demo calendar: a weekly staff meeting falls in every month around today.
    await expect(calendar.monthChip(staffOnly).first()).toBeVisible();

    // In Arabic: right to left, Monday first on the right.
    await page.evaluate(() => window.localStorage.setItem('locale', 'ar'));
    await calendar.goto('?view=month');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(calendar.weekdayHeaders.first().locator('.weekday-short')).toHaveText(weekday('ar', 'short'));
    await expect(calendar.weekdayHeaders.first()).toHaveAttribute('abbr', weekday('ar', 'long'));
    await expect(calendar.monthTitle).toHaveText(monthHeading('ar'));
    const [first, second] = await Promise.all([calendar.weekdayHeaders.nth(0).boundingBox(), calendar.weekdayHeaders.nth(1).boundingBox()]);
    expect(first!.x).toBeGreaterThan(second!.x + second!.width - 1);
    const firstWeek = calendar.monthGrid.locator('tbody tr').first().locator('td');
    const [monday1, tuesday1] = await Promise.all([firstWeek.nth(0).boundingBox(), firstWeek.nth(1).boundingBox()]);
    expect(monday1!.x).toBeGreaterThan(tuesday1!.x + tuesday1!.width - 1);
    await expect(calendar.monthChip(staffOnly).first()).toBeVisible();
  });

  test('the details modal opens from its address', async ({ page, signIn, postsApi, request, device, devices }) => {
    test.slow();
    const eventsApi = new EventsApi(request);
    const matias = await postsApi.signIn('matias.silva@colinas.test');
    const josefa = await postsApi.signIn('josefa.herrera@colinas.test');
    const theatre = await eventsApi.demo(matias, forEveryone);
    const meeting = await eventsApi.demo(matias, staffOnly);

    await signIn.as('matias.silva@colinas.test', 'Matías');
    await device.waitForSync(localDbName(matias.id));
    const calendar = new EventsPage(page);

    // A link to the event, opened as a new page load: the calendar with its details over it.
    await page.goto(`/events?event=${theatre.id}`);
    await expect(calendar.details(forEveryone)).toBeVisible({ timeout: appStart });
    await expect(calendar.details(forEveryone)).toContainText('Auditorio');
    await calendar.closeDetails();
    await expect(page).toHaveURL((url) => url.pathname === '/events' && url.search === '');
    await expect(calendar.heading).toBeVisible();
    await expect(calendar.agendaItem(forEveryone)).toBeVisible();

    // An address of no event: said so, and the way back.
    await calendar.goto('?event=019a0000-0000-7000-8000-00000000beef');
    await expect(calendar.gone).toBeVisible();
    await expect(calendar.gone).toContainText('It may have been deleted, or it is not addressed to you.');
    await calendar.gone.getByRole('button', { name: 'Back to the calendar' }).click();
    await expect(calendar.dialog).toHaveCount(0);
    await expect(page).toHaveURL((url) => url.pathname === '/events' && url.search === '');

    // A guardian with the address of a staff meeting: not hers to see, the same answer.
    const phone = await devices.open();
    await phone.signIn.as('josefa.herrera@colinas.test', 'Josefa');
    await phone.device.waitForSync(localDbName(josefa.id));
    const phoneCalendar = new EventsPage(phone.page);
    await phoneCalendar.goto(`?event=${meeting.id}`);
    await expect(phoneCalendar.gone).toBeVisible();
    await expect(phoneCalendar.details(staffOnly)).toHaveCount(0);
    await expect(phoneCalendar.agendaItem(staffOnly)).toHaveCount(0);
    // Hers to see: the same kind of link opens.
    await phoneCalendar.goto(`?event=${theatre.id}`);
    await expect(phoneCalendar.details(forEveryone)).toBeVisible();
  });

  test.describe('on an installed app', () => {
    test.use(installedApp);
    test('Add to calendar works offline', async ({ page, signIn, shell, postsApi, request, device }) => {
      test.slow();
      const eventsApi = new EventsApi(request);
      const matias = await postsApi.signIn('matias.silva@colinas.test');
      const theatre = await eventsApi.demo(matias, forEveryone);
      await signIn.as('matias.silva@colinas.test', 'Matías');
      await device.waitForServiceWorker();
      await device.waitForSync(localDbName(matias.id));
      const calendar = new EventsPage(page);
      await calendar.goto();

      // No network, and the app started again from the device.
      await device.goOffline();
      await shell.reload();
      await calendar.waitForCalendar();
      await expect(shell.offline).toBeVisible();
      await calendar.agendaItem(forEveryone).getByRole('link', { name: forEveryone, exact: true }).click();
      const details = calendar.details(forEveryone);
      await expect(details).toBeVisible();

      const downloading = page.waitForEvent('download');
      await details.getByRole('button', { name: 'Add to calendar' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe('Muestra-de-teatro.ics');
      const ics = unfolded(await readFile(await download.path(), 'utf8'));
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r?\n/);
      expect(ics).toContain(`SUMMARY:${forEveryone}`);
      expect(ics).toContain(`UID:${theatre.id}@patio`);
      expect(ics).toContain(`DTSTART;TZID=America/Santiago:${theatre.start.replace(/[-:]/g, '')}00`);
      expect(ics).toContain('LOCATION:Auditorio');
      expect(ics).toMatch(/END:VCALENDAR\s*$/);
    });
  });

  test('the calendar link', async ({ page, signIn, postsApi, request, profilePage }) => {
    // Three app starts (the sign-in, the profile, a reload), each up to appStart on a busy machine.
    test.slow();
    const cristobal = { email: 'cristobal.jara@colinas.test', firstName: 'Cristóbal' };
    await signIn.as(cristobal.email, cristobal.firstName);
    await profilePage.goto();
    const link = new CalendarLinkCard(page);
    await expect(link.create).toBeVisible({ timeout: appStart });

    await link.create.click();
    await expect(link.address).toBeVisible();
    const address = await link.address.inputValue();
    expect(address).toMatch(new RegExp(`^${new URL(page.url()).origin}/api/v1/calendar/[^/]+\\.ics$`));
    // The same address after a reload: it is the server's.
    await page.reload();
    await expect(link.address).toHaveValue(address, { timeout: appStart });

    // A calendar app reads it without signing in: the member's events, not staff-only ones.
    const feed = await request.get(address);
    expect(feed.status()).toBe(200);
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/);
    const ics = unfolded(await feed.text());
    expect(ics).toMatch(/^BEGIN:VCALENDAR/);
    expect(ics).toContain(`SUMMARY:${forEveryone}`);
    expect(ics).not.toContain(`SUMMARY:${staffOnly}`);
    const member = await postsApi.signIn(cristobal.email);
    const seen = await new EventsApi(request).list(member);
    for (const event of seen.filter((e) => e.calendar_sync)) expect(ics).toContain(`UID:${event.id}@patio`);

    await link.turnOffLink();
    await expect(link.create).toBeVisible();
    await expect(link.address).toHaveCount(0);
    expect((await request.get(address)).status()).toBe(404);
  });
});
