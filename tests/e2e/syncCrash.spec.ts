import type { Request } from '@playwright/test';
import { OutboxPage, PostsPage, expect, localDbName, test, uniqueTitle } from './fixtures';

interface PushBody {
  mutations: { id: string; name: string; args: { title?: string } }[];
}

test('sends a post exactly once when the tab is closed in the middle of sending it and opened again', async ({
  page,
  context,
  signIn,
  postsPage,
  postsApi,
  device,
}) => {
  const title = uniqueTitle('Entrega de libretas');
  const daniel = await postsApi.signIn('staff@colinas.test');
  await signIn.as('staff@colinas.test', 'Daniel');
  await device.waitForServiceWorker();
  await device.waitForSync(localDbName(daniel.id));
  await postsPage.goto();

  // The push reaches the server, which applies it; the tab is closed before the answer arrives.
  let firstPush: PushBody | null = null;
  let applied!: () => void;
  const serverApplied = new Promise<void>((resolve) => (applied = resolve));
  await context.route('**/api/v1/sync/push', async (route) => {
    const body = route.request().postDataJSON() as PushBody;
    if (!body.mutations.some((m) => m.args.title === title)) return route.continue();
    firstPush = body;
    const reply = await route.fetch();
    expect(reply.status()).toBe(200);
    applied();
    // Never delivered: the tab closes first.
  });
  await postsPage.write({ title, text: 'Las libretas de notas se entregan el viernes en la reunión de apoderados.' });
  await serverApplied;
  await page.close();
  await context.unroute('**/api/v1/sync/push');
  expect(await postsApi.titled(daniel, title)).toHaveLength(1);
  const mutationId = firstPush!.mutations.find((m) => m.args.title === title)!.id;

  // Opened again: the outbox resumes, the server answers the replay with its first result.
  const reopened = await context.newPage();
  const replays: Request[] = [];
  reopened.on('request', (request) => {
    if (request.url().includes('/api/v1/sync/push') && (request.postDataJSON() as PushBody).mutations.some((m) => m.id === mutationId)) {
      replays.push(request);
    }
  });
  const again = new PostsPage(reopened);
  await again.goto();
  await expect(again.card(title)).toBeVisible();
  // The new tab's worker must boot and take the device's lock first: allow for a busy machine.
  await expect.poll(() => replays.length, { timeout: 20_000 }).toBeGreaterThan(0);
  const replay = (await (await replays[0]!.response())!.json()) as { results: { id: string; status: string }[] };
  expect(replay.results.find((r) => r.id === mutationId)?.status).toBe('applied');

  await expect(again.card(title).getByText('Not sent', { exact: true })).toHaveCount(0);
  const outbox = new OutboxPage(reopened);
  await outbox.goto();
  await expect(reopened.getByText('Everything has been sent.')).toBeVisible();
  expect(await postsApi.titled(daniel, title)).toHaveLength(1);

  await reopened.reload();
  await expect(reopened.getByText('Everything has been sent.')).toBeVisible();
  await again.goto();
  await expect(again.card(title)).toBeVisible();
  await expect(again.card(title).getByText('Not sent', { exact: true })).toHaveCount(0);
  expect(await postsApi.titled(daniel, title)).toHaveLength(1);
});
