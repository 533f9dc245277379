import { appStart, expect, installedApp, localDbName, test, toast, uniqueTitle } from './fixtures';
import { InboxPage, NewNotificationPage, NotificationsApi, SentPage } from './notificationsPages';

/**
 * Notifications (docs/features/notifications.md) as people use them: an administrator's emergency alert reaches a
 * family's open app at once; a guardian acknowledges an alert with no network and the
 * school's figures count it once the phone is back online; a teacher writes a notification
 * offline and it is sent when the connection returns.
 */

/** How many notifications the inbox marks unread, once the side bar's count agrees with it. */
async function unreadShown(inbox: InboxPage): Promise<number> {
  await expect(inbox.list).toBeVisible({ timeout: appStart });
  const unread = await inbox.list.locator('.notification-item.is-unread').count();
  if (unread > 0) await expect(inbox.unreadCount(unread)).toBeAttached();
  else await expect(inbox.navEntry.locator('.nav-count')).toHaveCount(0);
  return unread;
}

test.describe('notifications', () => {
  test('an emergency alert sent by an administrator appears in a guardian’s open inbox without a reload, and the count goes up', async ({
    page,
    signIn,
    postsApi,
    devices,
  }) => {
    // Two sign-ins and their first downloads on a busy machine (fixtures: appStart).
    test.slow();
    const title = uniqueTitle('Evacuación preventiva');
    const josefa = await postsApi.signIn('josefa.herrera@colinas.test');

    // Josefa, a guardian, has her notifications open before the alert is sent.
    const phone = await devices.open();
    await phone.signIn.as('josefa.herrera@colinas.test', 'Josefa');
    await phone.device.waitForSync(localDbName(josefa.id));
    const phoneInbox = new InboxPage(phone.page);
    await phoneInbox.goto();
    const before = await unreadShown(phoneInbox);
    await phone.device.markPage();
    const stream = await phone.device.streamUp();

    // Patricia, an administrator, writes it, reads whom it reaches and what an alert does, and sends it.
    await signIn.as('admin@colinas.test', 'Patricia');
    const form = new NewNotificationPage(page);
    await form.goto();
    await form.fill({
      title,
      message: 'Por un escape de gas, retiren a los estudiantes antes de las 12:00.',
      audience: 'Everyone in the school',
      emergency: true,
    });
    const confirmation = await form.review();
    await expect(confirmation.getByText(/^Reaches \d+ people$/)).toBeVisible();
    await expect(confirmation).toContainText('pushed to phones even during quiet hours');
    await form.send(confirmation);

    // Josefa's page shows it, pushed by the server (her stream stayed up: no poll, no reload),
    // marked as an unread alert, and the count went up.
    const item = phoneInbox.item(title);
    await expect(item).toBeVisible();
    phone.device.expectStreamKept(stream);
    await expect(item.getByText('Emergency alert', { exact: true })).toBeVisible();
    await expect(item.getByText('Unread', { exact: true })).toBeAttached();
    await expect(phoneInbox.unreadCount(before + 1)).toBeAttached();
    await phone.device.expectSamePage();

    // Opening it reads it (the count goes back) and asks for the acknowledgement.
    const dialog = await phoneInbox.open(title);
    await expect(phoneInbox.unreadCount(before + 1)).toHaveCount(0);
    await dialog.getByRole('button', { name: 'I have read this' }).click();
    await expect(dialog.getByText('Acknowledged', { exact: true })).toBeVisible();
  });

  test.describe('on an installed app', () => {
    test.use(installedApp);
    test('a guardian acknowledges an alert offline, it survives an offline reload, and the sender’s figures count it once back online', async ({
      page,
      signIn,
      shell,
      device,
      devices,
      postsApi,
      request,
    }) => {
      test.slow();
      const api = new NotificationsApi(request);
      const title = uniqueTitle('Corte de agua');
      const admin = await postsApi.signIn('admin@colinas.test');
      const josefa = await postsApi.signIn('josefa.herrera@colinas.test');
      const reference = await postsApi.reference(admin);

      // Josefa has Patio installed and synced.
      await signIn.as('josefa.herrera@colinas.test', 'Josefa');
      await device.waitForServiceWorker();
      await device.waitForSync(localDbName(josefa.id));
      const inbox = new InboxPage(page);
      await inbox.goto();

      // The school sends an alert to the families of her sections; it arrives while she is online.
      const alert = await api.send(admin, {
        title,
        content: 'Mañana no habrá agua: retiren a los estudiantes a las 12:00.',
        emergency: true,
        scope: 'guardians',
        ...(await api.sectionsOf(josefa, reference)),
      });
      await expect(inbox.item(title)).toBeVisible({ timeout: appStart });

      // Offline, she opens it and says she has read it: it shows at once, marked as not sent.
      await device.goOffline();
      await expect(shell.offline).toBeVisible();
      const dialog = await inbox.open(title);
      await dialog.getByRole('button', { name: 'I have read this' }).click();
      await expect(dialog.getByText('Acknowledged', { exact: true })).toBeVisible();
      await expect(dialog.getByText('Not sent', { exact: true })).toBeVisible();
      await expect(shell.unsent(1)).toBeVisible();

      // Still offline: a reload keeps the acknowledgement and its mark.
      await shell.reload();
      const reopened = inbox.details(title);
      await expect(reopened.getByText('Acknowledged', { exact: true })).toBeVisible();
      await expect(reopened.getByRole('button', { name: 'I have read this' })).toHaveCount(0);
      await expect(reopened.getByText('Not sent', { exact: true })).toBeVisible();
      expect((await api.delivery(admin, alert.id)).acknowledged).toBe(0);

      // Back online: sent, and the sender's figures count her read and her acknowledgement.
      await device.goOnline();
      await expect(reopened.getByText('Not sent', { exact: true })).toHaveCount(0, { timeout: appStart });
      await expect(shell.anyUnsent).toHaveCount(0);

      const sender = await devices.open();
      await sender.signIn.as('admin@colinas.test', 'Patricia');
      const sent = new SentPage(sender.page);
      await sent.goto(alert.id);
      await expect(sent.figure('Read in the app')).toHaveText('1', { timeout: appStart });
      await expect(sent.figure('Acknowledged')).toHaveText('1');
      await expect(sender.page.getByRole('dialog').getByText('Josefa Herrera', { exact: false })).toHaveCount(0);
    });
  });

  test.describe('on an installed app', () => {
    test.use(installedApp);
    test('a teacher writes a notification offline: "Not sent" until the connection returns, then sent once', async ({
      page,
      signIn,
      shell,
      device,
      postsApi,
      request,
    }) => {
      test.slow();
      const api = new NotificationsApi(request);
      const title = uniqueTitle('Salida pedagógica');
      const matias = await postsApi.signIn('matias.silva@colinas.test');

      await signIn.as('matias.silva@colinas.test', 'Matías');
      await device.waitForServiceWorker();
      await device.waitForSync(localDbName(matias.id));
      const form = new NewNotificationPage(page);
      await form.goto();
      // A teacher cannot send emergency alerts.
      await expect(form.emergency).toHaveCount(0);

      await device.goOffline();
      await expect(shell.offline).toBeVisible();
      await form.fill({ title, message: 'El viernes visitamos el museo. Traer colación.', audience: 'Everyone in the school' });
      const confirmation = await form.review();
      await expect(confirmation).toContainText('This device is offline, so how many people it reaches is not known. It will be sent when you are back online.');
      await form.send(confirmation);

      const sent = new SentPage(page);
      await expect(sent.unsent(title).getByText('Not sent', { exact: true })).toBeVisible();
      await expect(page.getByText('The delivery figures need a connection.', { exact: false })).toBeVisible();
      await expect(shell.unsent(1)).toBeVisible();
      expect(await api.sentTitles(matias)).not.toContain(title);

      await device.goOnline();
      await expect(toast(page, 'Notification created successfully')).toBeVisible({ timeout: appStart });
      await expect(sent.sent(title)).toBeVisible({ timeout: appStart });
      await expect(sent.unsent(title)).toHaveCount(0);
      await expect(shell.anyUnsent).toHaveCount(0);
      expect((await api.sentTitles(matias)).filter((sentTitle) => sentTitle === title)).toHaveLength(1);
    });
  });
});
