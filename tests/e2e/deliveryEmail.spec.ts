import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { appStart, baseUrlOf, englishUnlessChosen, expect, LoginPage, password, test } from './fixtures';

/**
 * A family that never installed Patio: the school's post reaches the guardian by email
 * through the college's own SMTP server (a real one on loopback), the email's button opens
 * the post in Patio after signing in, marked read, and the teacher's delivery view counts
 * the opening. The British school's mail settings are this story's alone.
 */
test('a guardian without the app gets the post by email, opens it from the button, and the teacher sees it opened', async ({
  browser,
  request,
  baseURL,
  signIn,
  page,
}) => {
  test.setTimeout(180_000);
  const origin = baseUrlOf('british.localhost', baseURL);
  const host = { Host: new URL(origin).host };
  const received: ParsedMail[] = [];
  const smtp = new SMTPServer({
    // No reverse DNS of 127.0.0.1 per connection (a resolver that does not answer costs seconds).
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      simpleParser(stream).then((mail) => (received.push(mail), callback()), callback);
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  const api = async (email: string) => {
    const reply = await request.post('/api/login-mobile', { headers: host, data: { email, password } });
    expect(reply.status()).toBe(200);
    return { ...host, Authorization: `Bearer ${((await reply.json()) as { token: string }).token}` };
  };
  const admin = await api('admin@british.test');
  try {
    const saved = await request.put('/api/v1/admin/integrations/smtp', {
      headers: admin,
      data: {
        host: '127.0.0.1',
        port: (smtp.server.address() as { port: number }).port,
        security: 'none',
        from_address: 'office@british.test',
        from_name: "St. George's",
      },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    // A guardian who never signed in; the office sets them to an email per post.
    const list = await request.get('/api/v1/admin/members', { headers: admin, params: { role: 'guardian', sort: '-name' } });
    const guardians = ((await list.json()) as { data: { id: string; email: string; name: string }[] }).data;
    const guardian = guardians.find((g) => g.email !== 'guardian@british.test' && g.email.includes('@'))!;
    const set = await request.put(`/api/v1/admin/members/${guardian.id}/delivery-preferences`, {
      headers: admin,
      data: { posts: 'immediate', events: 'digest', notifications: 'digest' },
    });
    expect(set.status(), await set.text()).toBe(200);

    const teacherSession = await signIn.stored(origin, 'staff@british.test');
    const teacher = { ...host, Authorization: `Bearer ${teacherSession.token}` };
    const title = `Sports day moved to Friday ${Date.now().toString(36)}`;
    const newest = await request.get('/api/v1/posts', { headers: teacher, params: { per_page: 1 } });
    const anyPost = ((await newest.json()) as { data: { category_id: string }[] }).data[0]!;
    const created = await request.post('/api/v1/posts', {
      headers: teacher,
      data: {
        title,
        content: '<p>Bring your PE kit on <strong>Friday</strong>.</p>',
        category_id: anyPost.category_id,
        scope: 'college',
        course_ids: [],
        grade_ids: [],
        section_ids: [],
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    const post = (await created.json()) as { id: string };

    // The email reaches the college's mail server, in the guardian's language, with its one-click unsubscribe.
    await expect
      .poll(() => received.find((m) => m.subject?.includes(title) && m.to && JSON.stringify(m.to).includes(guardian.email)), { timeout: 60_000 })
      .toBeTruthy();
    const mail = received.find((m) => m.subject?.includes(title) && JSON.stringify(m.to).includes(guardian.email))!;
    expect(mail.html).toContain('Bring your PE kit');
    expect(JSON.stringify(mail.headers.get('list'))).toContain('unsubscribe');
    const button = /https?:\/\/[^\s"]+\/mail\/open\/[A-Za-z0-9_-]+/.exec(mail.text ?? '')![0];

    // The guardian's own browser: the button asks to sign in, then shows the post.
    const family = await browser.newContext({ baseURL: origin, serviceWorkers: 'block' });
    try {
      await family.addInitScript(englishUnlessChosen);
      const phone = await family.newPage();
      await phone.goto(button);
      const login = new LoginPage(phone);
      await expect(login.heading).toBeVisible({ timeout: appStart });
      await login.signIn(guardian.email, password);
      await expect(phone.getByRole('heading', { name: title, level: 1 })).toBeVisible({ timeout: appStart });
      expect(new URL(phone.url()).pathname).toBe(`/blog/post/${post.id}`);
    } finally {
      await family.close();
    }

    // The teacher's delivery view on the post counts the opening.
    await page.goto(`${origin}/blog/post/${post.id}`);
    const opened = page.locator('.delivery-figure').filter({ hasText: 'Opened from the email' });
    await expect(opened.locator('dd')).toHaveText('1', { timeout: appStart });
    await expect(page.locator('.delivery-figure').filter({ hasText: 'Read in the app' }).locator('dd')).not.toHaveText('0');
  } finally {
    await request.delete('/api/v1/admin/integrations/smtp', { headers: admin });
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
  }
});
