import { AppShell, expect, installedApp, localDbName, OutboxPage, PostsPage, syncDone, test, uniqueTitle } from './fixtures';

test.use(installedApp);

interface PushBody {
  mutations: { id: string; name: string; args: { title?: string } }[];
}

interface PushAnswer {
  results: { id: string; status: string }[];
}

test('sends a post exactly once when the tab is closed in the middle of sending it and opened again', async ({
  page,
  context,
  signIn,
  postsPage,
  postsApi,
  device,
}) => {
  // Several app starts, syncs and reloads on a machine that may be busy (fixtures: appStart).
  test.slow();
  const title = uniqueTitle('Entrega de libretas');
  const daniel = await postsApi.signIn('staff@colinas.test');
  await signIn.as('staff@colinas.test', 'Daniel');
  await device.waitForServiceWorker();
  await device.waitForSync(localDbName(daniel.id));
  await postsPage.goto();

  // The push reaches the server, which applies it; the connection drops and the tab closes
  // before the answer arrives, so the device cannot know its post was saved.
  let firstPush: PushBody | null = null;
  let applied!: () => void;
  const serverApplied = new Promise<void>((resolve) => (applied = resolve));
  await context.route('**/api/v1/sync/push', async (route) => {
    const body = route.request().postDataJSON() as PushBody;
    if (firstPush || !body.mutations.some((m) => m.args.title === title)) return route.continue();
    firstPush = body;
    const reply = await route.fetch();
    expect(reply.status()).toBe(200);
    applied();
    await route.abort('connectionreset');
  });
  // The answers to every later push of that mutation, from whichever tab or worker sends it
  // (the first push never gets one: its connection was dropped).
  const replayAnswers: PushAnswer[] = [];
  context.on('response', (response) => {
    const request = response.request();
    if (!firstPush || !request.url().includes('/api/v1/sync/push')) return;
    const firstId = firstPush.mutations.find((m) => m.args.title === title)?.id;
    if (!(request.postDataJSON() as PushBody).mutations.some((m) => m.id === firstId)) return;
    response.json().then(
      (answer) => replayAnswers.push(answer as PushAnswer),
      () => undefined,
    );
  });
  await postsPage.write({ title, text: 'Las libretas de notas se entregan el viernes en la reunión de apoderados.' });
  await serverApplied;
  await page.close();
  expect(await postsApi.titled(daniel, title)).toHaveLength(1);
  const mutationId = firstPush!.mutations.find((m) => m.args.title === title)!.id;

  // Opened again: the outbox resumes, the server answers the replay with its first result.
  const reopened = await context.newPage();
  const again = new PostsPage(reopened);
  await again.goto();
  await expect(again.card(title)).toBeVisible();
  // The new tab's worker must boot and take the device's lock first: allow for a busy machine.
  await expect.poll(() => replayAnswers.length, { timeout: syncDone }).toBeGreaterThan(0);
  // The replay is answered with the first result: applied, not applied twice.
  expect(replayAnswers[0]!.results.find((r) => r.id === mutationId)?.status).toBe('applied');

  await expect(again.card(title).getByText('Not sent', { exact: true })).toHaveCount(0);
  const outbox = new OutboxPage(reopened);
  await outbox.goto();
  await expect(reopened.getByText('Everything has been sent.')).toBeVisible();
  expect(await postsApi.titled(daniel, title)).toHaveLength(1);

  await new AppShell(reopened).reload();
  await expect(reopened.getByText('Everything has been sent.')).toBeVisible();
  await again.goto();
  await expect(again.card(title)).toBeVisible();
  await expect(again.card(title).getByText('Not sent', { exact: true })).toHaveCount(0);
  expect(await postsApi.titled(daniel, title)).toHaveLength(1);
});
