/**
 * Page objects for Patio's end-to-end stories, handed to the tests as Playwright
 * fixtures (STYLE.md §15). Every page starts in English unless the test (or the user,
 * through the language selector) has already chosen a language, so the tests can use the
 * English accessible names.
 */
import { deflateSync } from 'node:zlib';
import { expect, test as base, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { demoPassword } from '../../server/db/demoData';

export { expect };
export const password = demoPassword;

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

  async goto(): Promise<void> {
    await this.page.goto('/auth/login');
    await expect(this.heading).toBeVisible();
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

/** The signed-in shell (app bar) and the home screen (`/app`). */
export class AppShell {
  readonly signOutButton: Locator;
  readonly language: Locator;
  readonly profileLink: Locator;

  constructor(readonly page: Page) {
    this.signOutButton = page.getByRole('button', { name: 'Sign out' });
    this.language = page.getByRole('combobox', { name: 'Language' });
    this.profileLink = page.getByRole('link', { name: 'Profile' }).first();
  }

  welcome(firstName: string): Locator {
    return this.page.getByRole('heading', { name: `Welcome, ${firstName}`, level: 1 });
  }

  async expectHomeOf(firstName: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/app$/);
    await expect(this.welcome(firstName)).toBeVisible();
  }

  async signOut(): Promise<void> {
    await this.signOutButton.click();
    await expect(this.page).toHaveURL(/\/auth\/login$/);
  }
}

/** Signs in through the real login screen (the way a user does). */
export class SignIn {
  constructor(
    private readonly login: LoginPage,
    private readonly shell: AppShell,
  ) {}

  async as(email: string, firstName: string, secret = password): Promise<void> {
    await this.login.goto();
    await this.login.signIn(email, secret);
    await this.shell.expectHomeOf(firstName);
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
    await expect(this.page.getByRole('heading', { name: 'Profile', level: 1 })).toBeVisible();
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

interface Fixtures {
  loginPage: LoginPage;
  shell: AppShell;
  signIn: SignIn;
  signupPage: SignupPage;
  profilePage: ProfilePage;
  adminApi: AdminApi;
}

export const test = base.extend<Fixtures>({
  context: async ({ context }, use) => {
    // English unless a language was chosen (a reload keeps the user's choice).
    await context.addInitScript(() => {
      if (!window.localStorage.getItem('locale')) window.localStorage.setItem('locale', 'en');
    });
    await use(context);
  },
  loginPage: async ({ page }, use) => use(new LoginPage(page)),
  shell: async ({ page }, use) => use(new AppShell(page)),
  signIn: async ({ loginPage, shell }, use) => use(new SignIn(loginPage, shell)),
  signupPage: async ({ page }, use) => use(new SignupPage(page)),
  profilePage: async ({ page }, use) => use(new ProfilePage(page)),
  adminApi: async ({ request }, use) => use(new AdminApi(request)),
});
