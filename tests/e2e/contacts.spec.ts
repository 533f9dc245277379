import { ContactsPage } from './contactsPages';
import { appStart, expect, installedApp, localDbName, test, toast } from './fixtures';

test.use(installedApp);

test('an administrator adds a contact; a guardian finds it offline and calls or mails it with one tap', async ({
  page,
  signIn,
  shell,
  device,
  devices,
  postsApi,
}) => {
  // Two sign-ins, an initial download and an offline reload on a busy machine (fixtures: appStart).
  test.slow();
  const name = `Biblioteca ${Date.now().toString(36)}`;

  // Patricia, an administrator, adds the library to the directory.
  const office = await devices.open();
  await office.signIn.as('admin@colinas.test', 'Patricia');
  const adminContacts = new ContactsPage(office.page);
  await adminContacts.goto();
  await adminContacts.create({ name, title: 'Bibliotecaria', email: 'biblioteca@colinas.test', phone: '+56 2 2345 6720', notes: 'Préstamos de 8:00 a 16:00.' });
  await expect(toast(office.page, 'Contact created successfully')).toBeVisible({ timeout: appStart });
  await expect(office.page.getByRole('heading', { name, level: 1 })).toBeVisible();

  // Luis, a guardian, opens the directory from the navigation once Patio is installed and synced.
  const luis = await postsApi.signIn('guardian@colinas.test');
  await signIn.as('guardian@colinas.test', 'Luis');
  await device.waitForServiceWorker();
  await device.waitForSync(localDbName(luis.id));
  const contacts = new ContactsPage(page);
  await contacts.navLink.click();
  await expect(contacts.heading).toBeVisible({ timeout: appStart });
  await expect(contacts.item(name)).toBeVisible();
  await expect(contacts.newContactLink).toHaveCount(0);
  // The staff-only office of the demo directory is not his to see.
  await expect(contacts.item('Secretaría')).toBeVisible();
  await expect(contacts.item('Mantención')).toHaveCount(0);

  // Without a network, after a reload, he searches by a piece of the number and opens it.
  await device.goOffline();
  await shell.reload();
  await expect(contacts.heading).toBeVisible();
  await contacts.search.fill('2345 6720');
  await expect(page.locator('.contact-item')).toHaveCount(1);
  await contacts.item(name).getByRole('link', { name, exact: true }).click();
  await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible({ timeout: appStart });
  const call = page.getByRole('link', { name: /Call/ });
  await expect(call).toHaveAttribute('href', 'tel:+56223456720');
  await expect(call.locator('bdi')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('link', { name: /Email/ })).toHaveAttribute('href', 'mailto:biblioteca@colinas.test');
  await expect(page.getByText('Préstamos de 8:00 a 16:00.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Edit' })).toHaveCount(0);
  await device.goOnline();
});
