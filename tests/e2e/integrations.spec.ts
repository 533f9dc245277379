import { SMTPServer } from 'smtp-server';
import { baseUrlOf, expect, password, test, toast } from './fixtures';

/**
 * The administrators' SMTP settings (`/admin/integrations`, docs/features/integrations.md), against a real SMTP
 * server on loopback started by the test. It uses the Alianza college, whose mail no other
 * story reads, and removes the settings at the end (its mail goes back to the outbox).
 */
test('an administrator saves the SMTP settings and the test email reaches the loopback server', async ({ page, device, signIn, baseURL, request }) => {
  const received: { to: string[]; data: string }[] = [];
  const smtp = new SMTPServer({
    // No reverse DNS of 127.0.0.1 per connection (a resolver that does not answer costs seconds).
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === 'mailer' && auth.password === 'a-secret-pass') callback(null, { user: auth.username });
      else callback(new Error('Invalid username or password'));
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const port = (smtp.server.address() as { port: number }).port;
  const origin = baseUrlOf('alianza.localhost', baseURL);
  try {
    await signIn.at(origin, 'admin@alianza.test', 'Patricia');
    // Through the administration (one navigation entry for the administrators' screens).
    await page.getByRole('navigation', { name: 'Main' }).first().getByRole('link', { name: 'Administration' }).click();
    await page
      .getByRole('link', { name: /Integrations/ })
      .first()
      .click();
    await expect(page.getByRole('heading', { name: 'Integrations', level: 1 })).toBeVisible();
    // The SMTP form's own button (the delivery settings below have theirs).
    const smtpForm = page.getByRole('form', { name: 'Email server (SMTP)' });
    await expect(page.getByText('No SMTP server is set: emails are only recorded in the mail log below.')).toBeVisible();

    // Offline the form says it needs a connection and cannot be saved.
    await device.goOffline();
    await expect(page.getByText('You are offline. Saving and sending a test email need a connection.')).toBeVisible();
    await expect(smtpForm.getByRole('button', { name: 'Save' })).toBeDisabled();
    await device.goOnline();

    // A wrong port first: the contract's message shows beside the field.
    await page.getByLabel('SMTP server').fill('127.0.0.1');
    await page.getByLabel('Security').selectOption('none');
    await page.getByLabel('Port').fill('99999');
    await page.getByLabel('Sender name').fill('Alianza Francesa');
    await page.getByLabel('Sender address').fill('no-reply@alianza.test');
    await smtpForm.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('The port must be a number from 1 to 65535.')).toBeVisible();

    await page.getByLabel('Port').fill(String(port));
    await page.getByLabel('User name').fill('mailer');
    await page.getByLabel('Password', { exact: true }).fill('a-secret-pass');
    await smtpForm.getByRole('button', { name: 'Save' }).click();
    await expect(toast(page, 'SMTP configuration saved')).toBeVisible();
    // The password is not shown again: only that one is set.
    await expect(page.getByText('A password is set')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Replace' })).toBeVisible();

    await page.getByLabel('Send to').fill('families@example.test');
    await page.getByRole('button', { name: 'Send a test email' }).click();
    const outcome = page.getByTestId('smtp-outcome');
    await expect(outcome).toContainText('The test email was sent. The server answered:');
    await expect(outcome).toContainText(/250/);
    expect(received.map((mail) => mail.to)).toEqual([['families@example.test']]);
    expect(received[0]!.data).toContain('From: Alianza Francesa <no-reply@alianza.test>');
  } finally {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    // Back to the outbox only (through the API; the tenant is chosen by the Host header).
    const host = { Host: new URL(origin).host };
    const login = await request.post('/api/login-mobile', { headers: host, data: { email: 'admin@alianza.test', password } }).catch(() => null);
    if (login?.ok()) {
      const { token } = (await login.json()) as { token: string };
      await request.delete('/api/v1/admin/integrations/smtp', { headers: { ...host, Authorization: `Bearer ${token}` } });
    }
  }
});
