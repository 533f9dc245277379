/**
 * Page objects for the events stories (docs/features/events.md): the calendar (`/events`, agenda or month,
 * with an event's details over it), the event form, the profile's calendar link, and the
 * events over REST. English names, as the fixtures' pages (fixtures.ts).
 */
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { Event } from '../../contract/events';
import { AudiencePicker, appStart, expect, toast, type ApiMember } from './fixtures';

/** The college's zone (the demo colleges are in Chile): its "today" is the calendar's. */
export const collegeZone = 'America/Santiago';

/** Today in the college's zone, `YYYY-MM-DD`. */
export function collegeToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: collegeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

/** The `day`th of the month after the one of `today` (`YYYY-MM-DD`). */
export function dayNextMonth(today: string, day: number): string {
  const [year, month] = today.split('-').map(Number) as [number, number];
  const next = new Date(Date.UTC(year, month, day));
  return next.toISOString().slice(0, 10);
}

/** A day as the date picker names its button (date-fns "PPPP" in English: "Thursday, December 10th, 2026"). */
function pickerDayName(day: string): RegExp {
  const date = new Date(`${day}T12:00:00Z`);
  const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(date);
  const n = date.getUTCDate();
  const suffix = n % 10 === 1 && n !== 11 ? 'st' : n % 10 === 2 && n !== 12 ? 'nd' : n % 10 === 3 && n !== 13 ? 'rd' : 'th';
  // "Today, …" and "…, selected" are added by the picker to those days.
  return new RegExp(`^(Today, )?${part({ weekday: 'long' })}, ${part({ month: 'long' })} ${n}${suffix}, ${date.getUTCFullYear()}(, selected)?$`);
}

/** `/events`: the calendar, its views and the details modal. */
export class EventsPage {
  readonly heading: Locator;
  readonly agenda: Locator;
  readonly monthGrid: Locator;
  readonly monthTitle: Locator;
  readonly newEventLink: Locator;
  /** The details modal, whatever event it shows. */
  readonly dialog: Locator;
  /** The modal of an event this device does not have (deleted, or not for this member). */
  readonly gone: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Events', level: 1 });
    this.agenda = page.getByRole('region', { name: 'Agenda' });
    this.monthGrid = page.locator('table.month-grid:visible');
    this.monthTitle = page.locator('.month-title');
    this.newEventLink = page.getByRole('link', { name: 'New event' });
    this.dialog = page.getByRole('dialog');
    this.gone = page.getByRole('dialog', { name: 'This event no longer exists' });
  }

  /**
   * Opens `/events<query>` as a new page load and waits until the calendar has read the
   * local database (nothing in it says it is loading). The heading is found as drawn, not
   * by its role: with `?event=` the details modal hides the page from assistive
   * technologies; and by its tag only, so the screen can be opened in any language.
   */
  async goto(query = ''): Promise<void> {
    await this.page.goto(`/events${query}`);
    await this.waitForCalendar();
  }

  async waitForCalendar(): Promise<void> {
    await expect(this.page.locator('main h1')).toBeVisible({ timeout: appStart });
    await expect(this.page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: appStart });
  }

  /** An occurrence in the agenda, by the event's exact name (the item, not its day's). */
  agendaItem(name: string): Locator {
    return this.agenda.getByRole('listitem').filter({ has: this.page.getByRole('link', { name, exact: true }), hasNot: this.page.getByRole('listitem') });
  }

  /** The details modal of the event named `name`. */
  details(name: string): Locator {
    return this.page.getByRole('dialog', { name });
  }

  /** An event's chip in the month grid (chips show names on wide screens). */
  monthChip(name: string): Locator {
    return this.monthGrid.locator('.month-chip').filter({ has: this.page.locator('.month-chip-name', { hasText: name }) });
  }

  /** The month grid's column headers, Monday first in every language. */
  get weekdayHeaders(): Locator {
    return this.monthGrid.locator('thead th');
  }

  async closeDetails(): Promise<void> {
    await this.dialog.getByRole('button', { name: 'Close' }).click();
    await expect(this.dialog).toHaveCount(0);
  }
}

/** `/events/new-event` and `/events/event/:id/edit`. */
export class EventFormPage {
  readonly heading: Locator;
  readonly name: Locator;
  readonly category: Locator;
  readonly location: Locator;
  readonly startTime: Locator;
  readonly endTime: Locator;
  readonly audience: AudiencePicker;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'New event', level: 1 });
    this.name = page.getByLabel('Name', { exact: true });
    this.category = page.getByLabel('Category', { exact: true });
    this.location = page.getByLabel('Location', { exact: true });
    // Exact: each time field has a list of half hours beside it ("Start time: choose from the list").
    this.startTime = page.getByLabel('Start time', { exact: true });
    this.endTime = page.getByLabel('End time', { exact: true });
    this.audience = new AudiencePicker(page);
    this.submit = page.getByRole('button', { name: 'Create event' });
  }

  /** A date field's button (its name is its label and the day it shows). */
  dateButton(label: 'Start date' | 'End date' | 'First day' | 'Last day'): Locator {
    return this.page.getByRole('button', { name: new RegExp(`^${label} `) });
  }

  /** Opens a date field's calendar and waits until its days are drawn. */
  async openDate(label: 'Start date' | 'End date' | 'First day' | 'Last day'): Promise<Locator> {
    await this.dateButton(label).click();
    const popover = this.page.getByRole('dialog', { name: label });
    await expect(popover.getByRole('grid')).toBeVisible();
    return popover;
  }

  /** Chooses `day` (`YYYY-MM-DD`) in a date field's calendar, going to later months as a person would. */
  async chooseDate(label: 'Start date' | 'End date' | 'First day' | 'Last day', day: string): Promise<void> {
    const popover = await this.openDate(label);
    const dayButton = popover.getByRole('button', { name: pickerDayName(day) });
    for (let months = 0; months < 13 && !(await dayButton.isVisible()); months++) {
      const shown = await popover.getByRole('grid').getAttribute('aria-label');
      await popover.getByRole('button', { name: /next month/i }).click();
      await expect(popover.getByRole('grid')).not.toHaveAttribute('aria-label', shown ?? '');
    }
    await dayButton.click();
    await expect(popover).toHaveCount(0);
  }

  /**
   * Fills the form for a one-day timed event: the name, a category, the day from the date
   * picker, the times typed as people write them, and who it is for.
   */
  async fill(values: { name: string; category: string; day: string; start: string; end: string; audience: string; location?: string }): Promise<void> {
    await this.name.fill(values.name);
    await this.category.selectOption({ label: values.category });
    if (values.location) await this.location.fill(values.location);
    await this.chooseDate('Start date', values.day);
    await this.startTime.fill(values.start);
    await this.startTime.press('Tab');
    await this.endTime.fill(values.end);
    await this.endTime.press('Tab');
    await this.audience.choose(values.audience);
  }

  /** "Create event": saved on the device; the calendar opens with the new event's details. Returns its id. */
  async create(name: string): Promise<string> {
    const offline = await this.page.evaluate(() => !navigator.onLine);
    // Toasts last 2 s, as in the original app: watched from before the click, so a busy machine cannot miss one.
    const saved = offline ? toast(this.page, 'Saved on this device. It will be sent when you are back online.').waitFor({ state: 'attached' }) : null;
    await this.submit.click();
    await saved;
    await expect(this.page.getByRole('dialog', { name })).toBeVisible();
    const id = new URL(this.page.url()).searchParams.get('event');
    expect(id).toMatch(/^[0-9a-f-]{36}$/);
    return id!;
  }
}

/** The profile's "Calendar link" card. */
export class CalendarLinkCard {
  readonly card: Locator;
  readonly create: Locator;
  readonly address: Locator;
  readonly turnOff: Locator;

  constructor(readonly page: Page) {
    this.card = page.getByRole('region', { name: 'Calendar link' });
    this.create = this.card.getByRole('button', { name: 'Create my calendar link' });
    this.address = this.card.getByRole('textbox', { name: 'Your calendar link' });
    this.turnOff = this.card.getByRole('button', { name: 'Turn off' });
  }

  /** Turns the link off, confirming in the dialog it asks. */
  async turnOffLink(): Promise<void> {
    await this.turnOff.click();
    const confirmation = this.page.getByRole('alertdialog', { name: 'Turn off your calendar link?' });
    await expect(confirmation).toBeVisible();
    await confirmation.getByRole('button', { name: 'Turn off', exact: true }).click();
    await expect(toast(this.page, 'Calendar link turned off')).toBeVisible();
  }
}

/** What the server holds: events over REST (`/api/v1/events`) and the calendar feed. */
export class EventsApi {
  constructor(private readonly request: APIRequestContext) {}

  private headers(member: ApiMember): Record<string, string> {
    return { Authorization: `Bearer ${member.token}` };
  }

  /** The events `member` may see that touch `from`…`to` (the server's default: the next 90 days). */
  async list(member: ApiMember, range: { from?: string; to?: string } = {}): Promise<Event[]> {
    const reply = await this.request.get('/api/v1/events', { headers: this.headers(member), params: range });
    expect(reply.status(), await reply.text()).toBe(200);
    return ((await reply.json()) as { data: Event[] }).data;
  }

  /** The events named exactly `name` among those `member` may see in the coming ~13 months. */
  async named(member: ApiMember, name: string): Promise<Event[]> {
    const from = collegeToday();
    const to = new Date(Date.parse(`${from}T12:00:00Z`) + 395 * 86_400_000).toISOString().slice(0, 10);
    return (await this.list(member, { from, to })).filter((event) => event.name === name);
  }

  /** A demo event by name, as `member` sees it (any time in the last and coming months). */
  async demo(member: ApiMember, name: string): Promise<Event> {
    const today = Date.parse(`${collegeToday()}T12:00:00Z`);
    const day = (offset: number) => new Date(today + offset * 86_400_000).toISOString().slice(0, 10);
    const found = (await this.list(member, { from: day(-60), to: day(120) })).find((event) => event.name === name);
    expect(found, `the demo event "${name}"`).toBeTruthy();
    return found!;
  }

  /** Makes (or replaces) the member's calendar feed; returns its address. */
  async createFeed(member: ApiMember): Promise<string> {
    const reply = await this.request.post('/api/v1/calendar/feed', { headers: this.headers(member) });
    expect(reply.status(), await reply.text()).toBe(201);
    return ((await reply.json()) as { feed: { https: string } }).feed.https;
  }
}

/** The text of an iCalendar file with its folded lines unfolded (RFC 5545 §3.1). */
export function unfolded(ics: string): string {
  return ics.replace(/\r?\n[ \t]/g, '');
}
