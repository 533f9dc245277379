/**
 * Page objects for Patio's end-to-end stories, handed to the tests as Playwright
 * fixtures. Every page starts in English unless the test (or the user,
 * through the language selector) has already chosen a language, so the tests can use the
 * English accessible names.
 */
import { deflateSync } from 'node:zlib';
import {
  expect,
  test as base,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Locator,
  type Page,
} from '@playwright/test';
import type { AudienceReach } from '../../contract/audience';
import type { Course, Grade, Section } from '../../contract/college';
import type { Category, Post, PostFields } from '../../contract/posts';
import { demoPassword } from '../../server/db/demoData';
import { chromiumArgs, chromiumPath } from '../../scripts/chromium';
import { DeviceNetwork } from './network';

export { expect };
export const password = demoPassword;

/**
 * How long a wait that spans a whole app start (a page load, a reload, a new tab, a
 * sign-in landing) may take. On a busy 2-core machine (or a slow phone) one start is the
 * page's JavaScript, its lazy screens, the local database and the sync worker, all sharing
 * the CPU: bench:first-news measured 3 s at 6× CPU slowdown for the sign-in screen alone,
 * and a failing run showed 8.5 s for it at a load average of 17. Only the waits for a real
 * state of the app (a heading, the list, the sync status) get it; nothing sleeps.
 */
export const appStart = 45_000;

/**
 * The stories of an app installed on the device (`test.use(installedApp)`): its service worker
 * registers and precaches the app, which opens offline from then on. Elsewhere the service
 * worker is blocked (playwright.config.ts): its install fetches the whole build, which costs
 * every story that does not go offline seconds of a busy machine.
 */
export const installedApp = { serviceWorkers: 'allow' } as const;

/**
 * The stories that need what only the full browser has (playwright.config.ts runs the others
 * in Chromium's headless shell, scripts/chromium.ts): Web Push and its notifications, and the
 * PDF viewer a document opens in. A worker option: a file that uses it gets a worker of its own.
 */
export const fullBrowser = { launchOptions: { executablePath: chromiumPath, args: chromiumArgs } } as const;

/** An initial download or a sync run, measured from the sync status in the local database. */
export const syncDone = 60_000;

/** A success toast (bottom right; screen readers get it through a live region too). */
export function toast(page: Page, text: string): Locator {
  return page.locator('.toast-text').getByText(text, { exact: true });
}

/** The port the config serves on; tenant hosts are `<slug>.localhost` on it. */
export function baseUrlOf(host: 'localhost' | 'british.localhost' | 'alianza.localhost', baseURL: string | undefined): string {
  const url = new URL(baseURL ?? 'http://localhost:8181');
  url.hostname = host;
  return url.origin;
}

/** The sign-in screen (`/auth/login`) and its recover-account dialog. */
export class LoginPage {
  readonly identifier: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  readonly heading: Locator;

  constructor(readonly page: Page) {
    this.identifier = page.getByLabel('Email or RUT');
    this.password = page.getByLabel('Password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Sign in', exact: true });
    this.heading = page.getByRole('heading', { name: 'Sign in', level: 1 });
  }

  /** `origin` selects another college (`baseUrlOf('british.localhost', …)`). */
  async goto(origin = ''): Promise<void> {
    await this.page.goto(`${origin}/auth/login`);
    await expect(this.heading).toBeVisible({ timeout: appStart });
  }

  async signIn(identifier: string, secret: string): Promise<void> {
    await this.identifier.fill(identifier);
    await this.password.fill(secret);
    await this.submit.click();
  }

  /** Opens "Forgot your password?", asks for a link for `email`, returns the dialog. */
  async requestPasswordReset(email: string): Promise<Locator> {
    await this.page.getByRole('button', { name: 'Forgot your password?' }).click();
    const dialog = this.page.getByRole('dialog', { name: 'Recover your account' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Email').fill(email);
    await dialog.getByRole('button', { name: 'Send link' }).click();
    return dialog;
  }
}

/**
 * The app bar's language-and-theme menu, on every screen (public ones too) and every
 * width. The button's name says the current language and theme in the current language,
 * so it is found by what it opens.
 */
export class PreferencesMenu {
  readonly button: Locator;
  readonly menu: Locator;

  constructor(readonly page: Page) {
    this.button = page.getByRole('banner').locator('button[aria-haspopup="menu"]');
    this.menu = page.getByRole('menu');
  }

  async open(): Promise<void> {
    await this.button.click();
    await expect(this.menu).toBeVisible();
  }

  /** A language by its own name ("Français", "العربية"). */
  async chooseLanguage(autonym: string | RegExp): Promise<void> {
    await this.open();
    await this.menu.getByRole('menuitemradio', { name: autonym, exact: true }).click();
    await expect(this.menu).toBeHidden();
  }

  /** "Same as the device", "Light" or "Dark", in the current language. */
  async chooseTheme(name: string): Promise<void> {
    await this.open();
    await this.menu.getByRole('menuitemradio', { name, exact: true }).click();
    await expect(this.menu).toBeHidden();
  }
}

/** The signed-in shell (app bar) and the home screen (`/app`). */
export class AppShell {
  readonly signOutButton: Locator;
  readonly profileLink: Locator;
  /** The app bar: offline status, unsent changes, the initial download. */
  readonly appBar: Locator;
  readonly offline: Locator;
  /** "N not sent", whatever N is. */
  readonly anyUnsent: Locator;
  readonly newsLink: Locator;

  constructor(readonly page: Page) {
    this.signOutButton = page.getByRole('button', { name: 'Sign out' });
    this.profileLink = page.getByRole('link', { name: 'Profile' }).first();
    this.appBar = page.getByRole('banner');
    this.offline = this.appBar.getByText('Offline', { exact: true });
    this.anyUnsent = this.appBar.getByText(/^\d+ not sent$/);
    this.newsLink = page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'News' });
  }

  /** The app bar's "N not sent". */
  unsent(count: number): Locator {
    return this.appBar.getByText(`${count} not sent`, { exact: true });
  }

  /** The app bar's "N needs attention" (a link to the outbox). */
  attention(count: number): Locator {
    return this.appBar.getByRole('link', { name: count === 1 ? '1 needs attention' : `${count} need attention`, exact: true });
  }

  welcome(firstName: string): Locator {
    return this.page.getByRole('heading', { name: `Welcome, ${firstName}`, level: 1 });
  }

  /** Home after a sign-in or a reload: the signed-in area and home's code load first. */
  async expectHomeOf(firstName: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/app$/, { timeout: appStart });
    await expect(this.welcome(firstName)).toBeVisible({ timeout: appStart });
  }

  /**
   * Reloads and waits until the signed-in screen has read the local database: the app bar
   * is there and no part of the screen says it is still loading (a cold start of the app).
   */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.waitForScreen();
  }

  async waitForScreen(): Promise<void> {
    await expect(this.appBar).toBeVisible({ timeout: appStart });
    await expect(this.page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: appStart });
  }

  /** With nothing unsent: the sign-out button, then "Sign out" in the confirmation it asks for. */
  async signOut(): Promise<void> {
    await this.signOutButton.click();
    const confirmation = this.page.getByRole('alertdialog', { name: 'Sign out?' });
    await expect(confirmation).toContainText("Signing out removes this device's offline copy of the school's data.");
    await confirmation.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(this.page).toHaveURL(/\/auth\/login$/);
  }
}

/**
 * A signed-in person on this browser, as after an earlier visit: signed in through the API
 * (`POST /api/login-mobile`, what the sign-in form sends) and the session stored where the app
 * keeps it (`token` and `user` in local storage and the `token` cookie,
 * src/session/tokenStorage.ts and userCache.ts), before any page of that college loads. The stories about signing in use the form
 * (LoginPage); every other story starts here, which skips the sign-in screen's own start.
 */
export class SignIn {
  constructor(
    private readonly context: BrowserContext,
    private readonly page: Page,
    private readonly request: APIRequestContext,
    private readonly shell: AppShell,
    private readonly baseURL: string,
  ) {}

  /** Signs in and opens home (`/app`). */
  async as(email: string, firstName: string, secret = password): Promise<ApiMember> {
    return this.at('', email, firstName, secret);
  }

  /** Signs in at another college's address (`origin`) and opens its home. */
  async at(origin: string, email: string, firstName: string, secret = password): Promise<ApiMember> {
    const member = await this.stored(origin, email, secret);
    await this.page.goto(`${origin}/app`);
    await this.shell.expectHomeOf(firstName);
    return member;
  }

  /**
   * Stores a session for `email` at `origin` ('' for the default college) without opening a
   * page: the next page of that college opens signed in.
   */
  async stored(origin: string, email: string, secret = password): Promise<ApiMember> {
    const url = new URL(origin || this.baseURL);
    const reply = await this.request.post('/api/login-mobile', { headers: { Host: url.host }, data: { email, password: secret } });
    expect(reply.status(), `sign-in of ${email}`).toBe(200);
    const { token, user } = (await reply.json()) as { token: string; user: { id: string } };
    // The cookie is what `<img>` and file links send (they carry no Bearer header).
    await this.context.addCookies([{ name: 'token', value: encodeURIComponent(token), url: url.origin, sameSite: 'Lax' }]);
    // Once per session: a sign-out later in the story must stay signed out across reloads.
    await this.context.addInitScript(
      ({ origin, token, user }) => {
        if (location.origin !== origin || localStorage.getItem('e2e-stored-session') === token) return;
        localStorage.setItem('token', token);
        localStorage.setItem('user', JSON.stringify(user));
        localStorage.setItem('e2e-stored-session', token);
      },
      { origin: url.origin, token, user },
    );
    return { token, id: user.id };
  }
}

/** `/auth/signup-no`. */
export class SignupPage {
  readonly name: Locator;
  readonly email: Locator;
  readonly password: Locator;
  readonly confirmation: Locator;
  readonly submit: Locator;

  constructor(readonly page: Page) {
    this.name = page.getByLabel('Name', { exact: true });
    this.email = page.getByLabel('Email', { exact: true });
    this.password = page.getByLabel('Password', { exact: true });
    this.confirmation = page.getByLabel('Confirm password', { exact: true });
    this.submit = page.getByRole('button', { name: 'Create account' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/auth/signup-no');
    await expect(this.page.getByRole('heading', { name: 'Join us now', level: 1 })).toBeVisible();
  }

  async fill(values: { name: string; email: string; password: string; confirmation: string }): Promise<void> {
    await this.name.fill(values.name);
    await this.email.fill(values.email);
    await this.password.fill(values.password);
    await this.confirmation.fill(values.confirmation);
  }
}

/** `/app/profile`: personal data and password. */
export class ProfilePage {
  readonly data: Locator;
  readonly passwordForm: Locator;
  readonly name: Locator;
  readonly phone: Locator;
  readonly birthdate: Locator;
  readonly avatarInput: Locator;
  readonly avatarImage: Locator;

  constructor(readonly page: Page) {
    this.data = page.getByRole('form', { name: 'Personal data' });
    this.passwordForm = page.getByRole('form', { name: 'Change password' });
    this.name = this.data.getByLabel('Name', { exact: true });
    this.phone = this.data.getByLabel('Phone');
    this.birthdate = this.data.getByLabel('Date of birth');
    this.avatarInput = this.data.locator('input[type="file"][name="avatar"]');
    this.avatarImage = this.data.locator('img.avatar');
  }

  async goto(): Promise<void> {
    await this.page.goto('/app/profile');
    await expect(this.page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible({ timeout: appStart });
  }

  async save(): Promise<void> {
    await this.data.getByRole('button', { name: 'Save changes' }).click();
    await expect(toast(this.page, 'Profile updated successfully')).toBeVisible();
  }

  async changePassword(current: string, next: string): Promise<void> {
    await this.passwordForm.getByLabel('Current password').fill(current);
    await this.passwordForm.getByLabel('New password', { exact: true }).fill(next);
    await this.passwordForm.getByLabel('Confirm new password').fill(next);
    await this.passwordForm.getByRole('button', { name: 'Change password' }).click();
    await expect(toast(this.page, 'Password changed successfully')).toBeVisible();
  }
}

/** What an administrator reads through the API (the mail outbox). */
export class AdminApi {
  constructor(private readonly request: APIRequestContext) {}

  async token(email = 'admin@colinas.test'): Promise<string> {
    const reply = await this.request.post('/api/login-mobile', { data: { email, password } });
    expect(reply.status()).toBe(200);
    return ((await reply.json()) as { token: string }).token;
  }

  async outbox(token: string): Promise<{ to: string; subject: string; text: string }[]> {
    const reply = await this.request.get('/api/v1/admin/mail-outbox', { headers: { Authorization: `Bearer ${token}` } });
    expect(reply.status()).toBe(200);
    return ((await reply.json()) as { data: { to: string; subject: string; text: string }[] }).data;
  }

  /** The reset link of the newest mail sent to `to` (waits for it to be recorded). */
  async resetLinkFor(to: string): Promise<string> {
    const token = await this.token();
    let link = '';
    await expect
      .poll(async () => {
        const mail = (await this.outbox(token)).find((m) => m.to === to);
        link = /https?:\/\/\S*\/auth\/reset-password\?\S+/.exec(mail?.text ?? '')?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    return link;
  }
}

/** A real PNG (solid colour) made here, so the upload is an image by its bytes. */
export function makePng(width = 4, height = 4, rgb: [number, number, number] = [47, 125, 79]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc32 = (data: Buffer): number => {
    let c = 0xffffffff;
    for (const byte of data) c = crcTable[(c ^ byte) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour
  const row = Buffer.concat([Buffer.from([0]), Buffer.from(Array.from({ length: width }, () => rgb).flat())]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A member signed in through the API (`POST /api/login-mobile`), as another client would. */
export interface ApiMember {
  token: string;
  id: string;
}

/** The college's courses, grades, sections and categories, as the server syncs them. */
export interface Reference {
  categories: Category[];
  courses: Course[];
  grades: Grade[];
  sections: Section[];
}

/** What the server holds: posts over REST (`/api/v1/posts`), reference data over a pull. */
export class PostsApi {
  /** `host`: another college's host name (`british.localhost`); the default college otherwise. */
  constructor(
    private readonly request: APIRequestContext,
    private readonly host?: string,
  ) {}

  /** The same API for the college at `origin` (`baseUrlOf('british.localhost', …)`). */
  at(origin: string): PostsApi {
    return new PostsApi(this.request, new URL(origin).host);
  }

  async signIn(email: string): Promise<ApiMember> {
    const reply = await this.request.post('/api/login-mobile', { headers: this.hostHeader(), data: { email, password } });
    expect(reply.status()).toBe(200);
    const body = (await reply.json()) as { token: string; user: { id: string } };
    return { token: body.token, id: body.user.id };
  }

  private hostHeader(): Record<string, string> {
    return this.host ? { Host: this.host } : {};
  }

  private headers(member: ApiMember): Record<string, string> {
    return { ...this.hostHeader(), Authorization: `Bearer ${member.token}` };
  }

  async reference(member: ApiMember): Promise<Reference> {
    const out: Reference = { categories: [], courses: [], grades: [], sections: [] };
    let cursor: string | undefined;
    for (;;) {
      const reply = await this.request.get('/api/v1/sync/pull', { headers: this.headers(member), params: { limit: 1000, ...(cursor ? { cursor } : {}) } });
      expect(reply.status()).toBe(200);
      const page = (await reply.json()) as { changes: { entity: string; op: string; row?: { id: string } }[]; cursor: string; hasMore: boolean };
      for (const change of page.changes) {
        if (change.op !== 'upsert' || !(change.entity in out)) continue;
        (out[change.entity as keyof Reference] as unknown[]).push(change.row);
      }
      cursor = page.cursor;
      if (!page.hasMore) return out;
    }
  }

  /** The audience of one section, e.g. `sectionAudience(ref, '5° Básico', 'B')`. */
  sectionAudience(reference: Reference, gradeName: string, sectionName: string): Pick<PostFields, 'course_ids' | 'grade_ids' | 'section_ids'> {
    const grade = reference.grades.find((g) => g.name === gradeName);
    const section = reference.sections.find((s) => s.grade_id === grade?.id && s.name === sectionName);
    expect(grade && section, `section ${gradeName} ${sectionName}`).toBeTruthy();
    return { course_ids: [grade!.course_id], grade_ids: [grade!.id], section_ids: [section!.id] };
  }

  /** Every course, grade and section of the college. */
  everywhere(reference: Reference): Pick<PostFields, 'course_ids' | 'grade_ids' | 'section_ids'> {
    return { course_ids: reference.courses.map((c) => c.id), grade_ids: reference.grades.map((g) => g.id), section_ids: reference.sections.map((s) => s.id) };
  }

  async create(member: ApiMember, fields: Omit<PostFields, 'published_at'>): Promise<Post> {
    const reply = await this.request.post('/api/v1/posts', { headers: this.headers(member), data: fields });
    expect(reply.status(), await reply.text()).toBe(201);
    return (await reply.json()) as Post;
  }

  /** How many members an audience reaches, as the server counts them. */
  async reach(member: ApiMember, audience: { scope: PostFields['scope']; section_ids?: string[] }): Promise<AudienceReach> {
    const reply = await this.request.post('/api/v1/audience/reach', { headers: this.headers(member), data: audience });
    expect(reply.status(), await reply.text()).toBe(200);
    return (await reply.json()) as AudienceReach;
  }

  async remove(member: ApiMember, id: string): Promise<void> {
    const reply = await this.request.delete(`/api/v1/posts/${id}`, { headers: this.headers(member) });
    expect(reply.status()).toBe(204);
  }

  /** The live posts the server holds with exactly this title (visible to `member`). */
  async titled(member: ApiMember, title: string): Promise<Post[]> {
    const reply = await this.request.get('/api/v1/posts', { headers: this.headers(member), params: { q: title, per_page: 100 } });
    expect(reply.status()).toBe(200);
    return ((await reply.json()) as { data: Post[] }).data.filter((p) => p.title === title);
  }
}

/** A title no other test (or run) uses. */
export function uniqueTitle(words: string): string {
  return `${words} ${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
}

/** The news screens: the list (`/blog/all`), the new-post form and a post's page. */
export class PostsPage {
  readonly list: Locator;
  readonly newPostLink: Locator;
  readonly detailBadge: Locator;

  /** `origin`: another college's address; the default college otherwise. */
  constructor(
    readonly page: Page,
    private readonly origin = '',
  ) {
    this.list = page.getByRole('region', { name: 'Publications' });
    this.newPostLink = page.getByRole('link', { name: 'New publication' });
    this.detailBadge = page.locator('.post-detail-header .sync-badge');
  }

  /**
   * Opens the list as a new page load and waits until it shows what the local database
   * holds (the list read, not "Loading…"). Right after a sign-in it may still say
   * "Downloading the news…": wait for the sync first (Device.waitForSync) to see the posts.
   */
  async goto(): Promise<void> {
    await this.page.goto(`${this.origin}/blog/all`);
    await this.waitForList();
  }

  /** The News heading and the list, read from the local database. */
  async waitForList(): Promise<void> {
    await expect(this.page.getByRole('heading', { name: 'News', level: 1 })).toBeVisible({ timeout: appStart });
    await expect(this.list).toHaveAttribute('aria-busy', 'false', { timeout: appStart });
  }

  /** A post's card in the list, by its exact title. */
  card(title: string): Locator {
    return this.list.getByRole('article').filter({ has: this.page.getByRole('link', { name: title, exact: true }) });
  }

  heading(title: string): Locator {
    return this.page.getByRole('heading', { name: title, level: 1 });
  }

  /**
   * From the list: "New publication", fills the form for everyone in the school (or staff
   * only), publishes; lands on the new post's page. Returns the post's id.
   */
  async write(values: { title: string; text: string; category?: string; audience?: 'Everyone in the school' | 'Staff only' }): Promise<string> {
    await this.newPostLink.click();
    await expect(this.page.getByRole('heading', { name: 'New publication', level: 1 })).toBeVisible();
    await this.page.getByLabel('Title', { exact: true }).fill(values.title);
    await this.page.getByRole('textbox', { name: 'Content' }).fill(values.text);
    await this.page.getByLabel('Category', { exact: true }).selectOption({ label: values.category ?? 'Noticias' });
    await this.audience.choose(values.audience ?? 'Everyone in the school');
    return this.publish(values.title);
  }

  /** Presses Publish on a filled form; lands on the new post's page. Returns the post's id. */
  async publish(title: string): Promise<string> {
    // The toast says what happened: sent when online, kept on this device when not.
    const offline = await this.page.evaluate(() => !navigator.onLine);
    await this.page.getByRole('button', { name: 'Publish' }).click();
    await expect(
      toast(this.page, offline ? 'Saved on this device. It will be sent when you are back online.' : 'Publication created successfully'),
    ).toBeVisible();
    await expect(this.heading(title)).toBeVisible();
    const id = /\/blog\/post\/([0-9a-f-]{36})$/.exec(new URL(this.page.url()).pathname)?.[1];
    expect(id).toBeTruthy();
    return id!;
  }

  /** The form's audience picker (src/audience). */
  get audience(): AudiencePicker {
    return new AudiencePicker(this.page);
  }

  /** "For: …" on a post's page (staff and administrators). */
  get detailAudience(): Locator {
    return this.page.locator('.post-audience');
  }
}

/** The audience picker of a form: who, which grades and sections, and who that reaches. */
export class AudiencePicker {
  readonly who: Locator;
  readonly sections: Locator;
  /** The choice in words ("Families and students of 4° Básico"). */
  readonly summary: Locator;
  /** "Reaches N people", or why it cannot say. */
  readonly reach: Locator;

  constructor(readonly page: Page) {
    this.who = page.getByRole('group', { name: 'Who is it for?' });
    this.sections = page.getByRole('group', { name: 'Grades and sections' });
    this.summary = page.locator('.audience-summary-text');
    this.reach = page.locator('.audience-reach');
  }

  async choose(who: string): Promise<void> {
    await this.who.getByRole('radio', { name: who, exact: true }).check();
  }

  /** A section's checkbox ("4° Básico A") or a whole grade or course ("All of 4° Básico"). */
  checkbox(name: string): Locator {
    return this.sections.getByRole('checkbox', { name, exact: true });
  }
}

/** `/app/outbox`: the changes not sent yet and the refused ones. */
export class OutboxPage {
  constructor(readonly page: Page) {}

  async goto(): Promise<void> {
    await this.page.goto('/app/outbox');
    await expect(this.page.getByRole('heading', { name: 'Changes not sent', level: 1 })).toBeVisible({ timeout: appStart });
  }

  entry(label: string | RegExp): Locator {
    return this.page.getByRole('article', { name: label });
  }
}

/**
 * This browser's side of sync: the service worker, and the user's local database
 * (`patio-<slug>-<userId>`) read with the plain IndexedDB API, as DevTools would.
 */
export class Device {
  /** `network`: this browser's way to the server (tests/e2e/network.ts); absent, the device cannot go offline. */
  constructor(
    readonly page: Page,
    readonly network?: DeviceNetwork,
  ) {}

  /**
   * The network is gone: every connection of this browser (pages, the sync worker, the
   * service worker, the event stream) is cut, and the browser says it is offline.
   */
  async goOffline(): Promise<void> {
    this.ownNetwork().cut();
    await this.page.context().setOffline(true);
  }

  /** Marks the page now open, so `expectSamePage()` can tell it was not reloaded since. */
  async markPage(): Promise<void> {
    await this.page.evaluate(() => ((window as unknown as { e2eSamePage: boolean }).e2eSamePage = true));
  }

  async expectSamePage(): Promise<void> {
    expect(await this.page.evaluate(() => (window as unknown as { e2eSamePage?: boolean }).e2eSamePage), 'the page was reloaded').toBe(true);
  }

  /**
   * Waits until the server's event stream to this browser is up (a connection after the
   * `after`th, when given), and returns which connection it is. While it stays up the device does not poll, so what then reaches the
   * screen was pushed by the server: `expectStreamKept(connection)` after it says so.
   */
  async streamUp(after = 0): Promise<number> {
    const network = this.ownNetwork();
    await expect.poll(() => network.count(streamPath) > after && network.isOpen(streamPath), { timeout: syncDone }).toBe(true);
    return network.count(streamPath);
  }

  /** The stream `streamUp()` found is still the one open: no reconnection, no polling since. */
  expectStreamKept(connection: number): void {
    const network = this.ownNetwork();
    expect(network.count(streamPath), 'the event stream reconnected (and the device polled meanwhile)').toBe(connection);
    expect(network.isOpen(streamPath), 'the event stream is down').toBe(true);
  }

  private ownNetwork(): DeviceNetwork {
    if (!this.network) throw new Error('This device was opened without a network of its own');
    return this.network;
  }

  /** The network is back (the browser's "online" event follows). */
  async goOnline(): Promise<void> {
    this.ownNetwork().restore();
    await this.page.context().setOffline(false);
  }

  /**
   * Waits until the service worker controls the page (it claims open pages on install) and,
   * signed in, until the app has had it keep the forms (src/app/useOfflineStart.ts), so a
   * story that goes offline next can write. Its install precaches the shell and the offline
   * screens (docs/offline-start.md), which takes seconds on a busy machine: the wait is for
   * those states, bounded by `appStart`.
   */
  async waitForServiceWorker(): Promise<void> {
    await expect
      .poll(
        () =>
          this.page.evaluate(
            () =>
              navigator.serviceWorker.controller !== null && (localStorage.getItem('token') === null || localStorage.getItem('offlineKeptAfterStart') !== null),
          ),
        { timeout: appStart, intervals: [100, 250, 500] },
      )
      .toBe(true);
  }

  async databases(): Promise<string[]> {
    return this.page.evaluate(async () => (await indexedDB.databases()).map((db) => db.name ?? ''));
  }

  /** Every row of a table of a local database; null when the database does not exist. */
  async rows<T = Record<string, unknown>>(name: string, table: string): Promise<T[] | null> {
    return this.page.evaluate(
      async ({ name, table }) => {
        if (!(await indexedDB.databases()).some((db) => db.name === name)) return null;
        return new Promise<T[]>((resolve, reject) => {
          const open = indexedDB.open(name);
          open.onerror = () => reject(open.error ?? new Error('open failed'));
          open.onsuccess = () => {
            const db = open.result;
            if (!db.objectStoreNames.contains(table)) {
              db.close();
              resolve([]);
              return;
            }
            const read = db.transaction(table, 'readonly').objectStore(table).getAll();
            read.onsuccess = () => {
              db.close();
              resolve(read.result as T[]);
            };
            read.onerror = () => {
              db.close();
              reject(read.error ?? new Error('read failed'));
            };
          };
        });
      },
      { name, table },
    );
  }

  /** Waits until the sync worker has finished a sync (the initial download included). */
  async waitForSync(name: string): Promise<void> {
    await expect
      .poll(
        async () => {
          const meta = await this.rows<{ key: string; value: { phase?: string; lastSyncedAt?: string | null } }>(name, 'meta');
          const status = meta?.find((row) => row.key === 'syncStatus')?.value;
          return status?.phase === 'idle' && Boolean(status.lastSyncedAt);
        },
        { timeout: syncDone, intervals: [100, 250, 500] },
      )
      .toBe(true);
  }
}

const streamPath = '/api/v1/sync/stream';

export function localDbName(userId: string, slug = 'colinas'): string {
  return `patio-${slug}-${userId}`;
}

/** Another browser of a story: its own context, network and signed-in person. */
export interface OpenedDevice {
  context: BrowserContext;
  page: Page;
  network: DeviceNetwork;
  device: Device;
  shell: AppShell;
  signIn: SignIn;
}

/** Opens more browsers (contexts) for a test: a second device, another person. */
export class Devices {
  private readonly opened: { context: BrowserContext; network: DeviceNetwork }[] = [];

  constructor(
    private readonly browser: Browser,
    private readonly options: BrowserContextOptions & { baseURL: string },
    private readonly request: APIRequestContext,
  ) {}

  async open(): Promise<OpenedDevice> {
    const network = await DeviceNetwork.open();
    const context = await this.browser.newContext({ ...this.options, proxy: { server: network.url } });
    this.opened.push({ context, network });
    await context.addInitScript(englishUnlessChosen);
    const page = await context.newPage();
    const shell = new AppShell(page);
    return { context, page, network, shell, device: new Device(page, network), signIn: new SignIn(context, page, this.request, shell, this.options.baseURL) };
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.opened.map(({ context }) => context.close()));
    await Promise.all(this.opened.map(({ network }) => network.close()));
  }
}

/** English unless a language was chosen (a reload keeps the user's choice). */
export function englishUnlessChosen(): void {
  if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', 'en');
}

interface Fixtures {
  loginPage: LoginPage;
  preferences: PreferencesMenu;
  shell: AppShell;
  signIn: SignIn;
  signupPage: SignupPage;
  profilePage: ProfilePage;
  adminApi: AdminApi;
  postsApi: PostsApi;
  postsPage: PostsPage;
  outboxPage: OutboxPage;
  device: Device;
  devices: Devices;
  /** The way of the test's own browser (`context`) to the server; `device.goOffline()` cuts it. */
  network: DeviceNetwork;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a fixture needs from this pattern
  network: async ({}, use) => {
    const network = await DeviceNetwork.open();
    await use(network);
    await network.close();
  },
  // The test's browser reaches the server only through its network.
  proxy: async ({ network }, use) => use({ server: network.url }),
  // What the stories ask the server directly goes straight to it, whatever the browser's network.
  request: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL, proxy: undefined });
    await use(request);
    await request.dispose();
  },
  context: async ({ context }, use) => {
    await context.addInitScript(englishUnlessChosen);
    await use(context);
  },
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  preferences: async ({ page }, use) => use(new PreferencesMenu(page)),
  shell: async ({ page }, use) => use(new AppShell(page)),
  signIn: async ({ context, page, request, shell, baseURL }, use) => use(new SignIn(context, page, request, shell, baseURL!)),
  signupPage: async ({ page }, use) => use(new SignupPage(page)),
  profilePage: async ({ page }, use) => use(new ProfilePage(page)),
  adminApi: async ({ request }, use) => use(new AdminApi(request)),
  postsApi: async ({ request }, use) => use(new PostsApi(request)),
  postsPage: async ({ page }, use) => use(new PostsPage(page)),
  outboxPage: async ({ page }, use) => use(new OutboxPage(page)),
  device: async ({ page, network }, use) => use(new Device(page, network)),
  devices: async ({ browser, baseURL, serviceWorkers, reducedMotion, request }, use) => {
    const devices = new Devices(browser, { baseURL: baseURL!, serviceWorkers, reducedMotion }, request);
    await use(devices);
    await devices.closeAll();
  },
});
