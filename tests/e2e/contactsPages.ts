import type { Locator, Page } from '@playwright/test';
import { appStart, expect } from './fixtures';

/** The school's directory (`/admin/contacts`), its contact pages and its form. */
export class ContactsPage {
  readonly heading: Locator;
  readonly search: Locator;
  readonly newContactLink: Locator;
  readonly navLink: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Contacts', level: 1 });
    this.search = page.getByRole('searchbox', { name: 'Search contacts' });
    this.newContactLink = page.getByRole('link', { name: 'New contact' });
    this.navLink = page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Contacts' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/admin/contacts');
    await expect(this.heading).toBeVisible({ timeout: appStart });
  }

  /** A contact's row of the list, by its name. */
  item(name: string): Locator {
    return this.page.locator('.contact-item').filter({ has: this.page.getByRole('link', { name, exact: true }) });
  }

  /** Fills the form (`/admin/contacts/create`) and saves it. */
  async create(values: { name: string; title: string; email: string; phone: string; notes: string }): Promise<void> {
    await this.newContactLink.click();
    await expect(this.page.getByRole('heading', { name: 'New contact', level: 1 })).toBeVisible({ timeout: appStart });
    await this.page.getByRole('textbox', { name: 'Name' }).fill(values.name);
    await this.page.getByRole('textbox', { name: 'Title or role' }).fill(values.title);
    await this.page.getByRole('textbox', { name: 'Email' }).fill(values.email);
    await this.page.getByRole('textbox', { name: 'Phone' }).fill(values.phone);
    await this.page.getByRole('textbox', { name: 'Notes' }).fill(values.notes);
    await this.page.getByRole('button', { name: 'Save contact' }).click();
  }
}
