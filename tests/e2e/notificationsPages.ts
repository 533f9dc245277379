import type { APIRequestContext, Locator, Page } from '@playwright/test';
import type { User } from '../../contract/auth';
import type { Notification, NotificationDelivery, NotificationFields } from '../../contract/notifications';
import { AudiencePicker, appStart, expect, toast, type ApiMember, type Reference } from './fixtures';

/** The notifications' server side over REST, as another client (or the test's setup) uses it. */
export class NotificationsApi {
  constructor(private readonly request: APIRequestContext) {}

  private headers(member: ApiMember): Record<string, string> {
    return { Authorization: `Bearer ${member.token}` };
  }

  async send(member: ApiMember, fields: NotificationFields): Promise<Notification> {
    const reply = await this.request.post('/api/v1/notifications', { headers: this.headers(member), data: fields });
    expect(reply.status()).toBe(201);
    return (await reply.json()) as Notification;
  }

  async delivery(member: ApiMember, id: string): Promise<NotificationDelivery> {
    const reply = await this.request.get(`/api/v1/notifications/${id}/delivery`, { headers: this.headers(member) });
    expect(reply.status()).toBe(200);
    return (await reply.json()) as NotificationDelivery;
  }

  async sentTitles(member: ApiMember): Promise<string[]> {
    const reply = await this.request.get('/api/v1/notifications/sent', { headers: this.headers(member) });
    expect(reply.status()).toBe(200);
    return ((await reply.json()) as { data: Notification[] }).data.map((row) => row.title);
  }

  /** The audience of one member's sections (their families, when `scope` is `guardians`). */
  async sectionsOf(member: ApiMember, reference: Reference): Promise<Pick<NotificationFields, 'course_ids' | 'grade_ids' | 'section_ids'>> {
    const reply = await this.request.get('/api/v1/user', { headers: this.headers(member) });
    expect(reply.status()).toBe(200);
    const { section_ids } = (await reply.json()) as Pick<User, 'section_ids'>;
    const sections = reference.sections.filter((section) => section_ids.includes(section.id));
    const grades = reference.grades.filter((grade) => sections.some((section) => section.grade_id === grade.id));
    expect(sections.length).toBeGreaterThan(0);
    return { section_ids: sections.map((s) => s.id), grade_ids: grades.map((g) => g.id), course_ids: [...new Set(grades.map((g) => g.course_id))] };
  }
}

/** `/notifications`: the member's inbox, one notification open over it. */
export class InboxPage {
  readonly heading: Locator;
  readonly list: Locator;
  /** The Notifications entry of the side bar (wide screens) and its count. */
  readonly navEntry: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Notifications', level: 1 });
    this.list = page.locator('.notification-list');
    this.navEntry = page
      .getByRole('navigation', { name: 'Main' })
      .first()
      .getByRole('link', { name: /^Notifications/ });
  }

  async goto(id?: string): Promise<void> {
    await this.page.goto(id ? `/notifications?notification=${id}` : '/notifications');
    // With one open, the page under its (modal) dialog is hidden from the accessibility tree.
    await expect(id ? this.page.getByRole('dialog') : this.heading).toBeVisible({ timeout: appStart });
  }

  item(title: string): Locator {
    return this.list.getByRole('listitem').filter({ has: this.page.locator('.notification-title', { hasText: title }) });
  }

  /** The side bar's count, as a screen reader hears it ("2 unread notifications"). */
  unreadCount(count: number): Locator {
    return this.navEntry.getByText(count === 1 ? '1 unread notification' : `${count} unread notifications`, { exact: true });
  }

  details(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }

  async open(title: string): Promise<Locator> {
    await this.item(title).getByRole('link').click();
    const dialog = this.details(title);
    await expect(dialog).toBeVisible();
    return dialog;
  }
}

/** `/college-notifications/new-notification`: the form and its confirmation. */
export class NewNotificationPage {
  readonly heading: Locator;
  readonly title: Locator;
  readonly message: Locator;
  readonly emergency: Locator;
  readonly audience: AudiencePicker;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'New notification', level: 1 });
    this.title = page.getByLabel('Title', { exact: true });
    this.message = page.getByLabel('Message', { exact: true });
    this.emergency = page.getByRole('checkbox', { name: 'Emergency alert' });
    this.audience = new AudiencePicker(page);
  }

  async goto(): Promise<void> {
    await this.page.goto('/college-notifications/new-notification');
    await expect(this.heading).toBeVisible({ timeout: appStart });
  }

  async fill(values: { title: string; message: string; audience: string; emergency?: boolean }): Promise<void> {
    await this.title.fill(values.title);
    await this.message.fill(values.message);
    await this.audience.choose(values.audience);
    if (values.emergency) await this.emergency.check();
  }

  /** Opens the confirmation (the form is valid) and answers it. */
  async review(): Promise<Locator> {
    await this.page.getByRole('button', { name: /^Review and send/ }).click();
    const dialog = this.page.getByRole('alertdialog', { name: /^Send this (emergency alert|notification)\?$/ });
    await expect(dialog).toBeVisible();
    return dialog;
  }

  /** Confirms; the toast says it was sent, or kept on this device while offline. */
  async send(dialog: Locator): Promise<void> {
    const offline = await this.page.evaluate(() => !navigator.onLine);
    await dialog.getByRole('button', { name: /^Send( the alert)?$/ }).click();
    await expect(
      toast(this.page, offline ? 'Saved on this device. It will be sent when you are back online.' : 'Notification created successfully'),
    ).toBeVisible();
    await expect(this.page).toHaveURL(/\/college-notifications$/);
  }
}

/** `/college-notifications`: what the college sent, and one's live delivery figures. */
export class SentPage {
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Sent notifications', level: 1 });
  }

  async goto(id?: string): Promise<void> {
    await this.page.goto(id ? `/college-notifications?notification=${id}` : '/college-notifications');
    await expect(id ? this.page.getByRole('dialog') : this.heading).toBeVisible({ timeout: appStart });
  }

  /** One of the server's list. */
  sent(title: string): Locator {
    return this.page.locator('.sent-list > li').filter({ has: this.page.locator('.sent-title', { hasText: title }) });
  }

  /** One written on this device and not sent yet. */
  unsent(title: string): Locator {
    return this.page.locator('.sent-unsent li').filter({ hasText: title });
  }

  /** A figure of the open delivery dialog ("Read in the app", "Acknowledged"), as its number. */
  figure(label: string): Locator {
    return this.page
      .getByRole('dialog')
      .locator('.delivery-figure')
      .filter({ has: this.page.getByRole('term').getByText(label, { exact: true }) })
      .getByRole('definition');
  }
}
