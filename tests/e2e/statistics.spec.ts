import { readFile } from 'node:fs/promises';
import type { APIRequestContext } from '@playwright/test';
import { uuidv7 } from '../../contract/ids';
import { expect, test, uniqueTitle, type ApiMember, type PostsApi } from './fixtures';

/** A post by `author` for every member, read by `readers` (each a `posts.view` pushed by their device). */
async function readPost(request: APIRequestContext, postsApi: PostsApi, author: ApiMember, readers: ApiMember[], title: string): Promise<void> {
  const reference = await postsApi.reference(author);
  const post = await postsApi.create(author, {
    title,
    content: '<p>Reunión informativa.</p>',
    category_id: reference.categories[0]!.id,
    scope: 'everyone',
    ...postsApi.everywhere(reference),
  });
  for (const reader of readers) {
    const reply = await request.post('/api/v1/sync/push', {
      headers: { Authorization: `Bearer ${reader.token}` },
      data: { clientId: `statistics-${reader.id}`, mutations: [{ id: uuidv7(), name: 'posts.view', args: { post_id: post.id } }] },
    });
    expect(reply.status(), await reply.text()).toBe(200);
  }
}

test('an administrator sees the charts and tables of the statistics, switches the period and the bucket, and downloads a CSV', async ({
  page,
  signIn,
  postsApi,
  request,
}) => {
  test.slow();
  const staff = await postsApi.signIn('staff@colinas.test');
  const readers = [await postsApi.signIn('student@colinas.test'), await postsApi.signIn('guardian@colinas.test')];
  const title = uniqueTitle('Estadística');
  await readPost(request, postsApi, staff, readers, title);

  await signIn.as('admin@colinas.test', 'Patricia');
  await page.getByRole('link', { name: 'Statistics' }).first().click();
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();

  // The most read posts: the new post with its two readers.
  const posts = page.getByRole('table', { name: /^Most read posts, / });
  await expect(posts).toBeVisible();
  await expect(posts.getByRole('columnheader')).toHaveText(['Post', 'Readers in the period', 'Readers in all']);
  await expect(posts.getByRole('row').filter({ hasText: title })).toContainText('2');

  // Charts are drawn on canvases; their tables have the same data.
  const hours = page.getByRole('region', { name: 'Entries by hour of the day' });
  await expect(hours.locator('canvas')).toHaveCount(1);
  await hours.getByText('Show the figures as a table').click();
  const hoursTable = hours.getByRole('table', { name: /^Entries by hour of the day, / });
  await expect(hoursTable.getByRole('columnheader')).toHaveText(['Hour', 'Entries']);
  await expect(hoursTable.getByRole('row')).toHaveCount(25);
  const members = page.getByRole('table', { name: /^Active members by role, / });
  await expect(members.getByRole('rowheader')).toHaveText(['Administrators', 'Staff', 'Students', 'Guardians']);
  // Patricia's own sign-in counts: at least one administrator entered in the period.
  await expect(members.getByRole('row').filter({ hasText: 'Administrators' }).getByRole('cell').last()).not.toHaveText('0');

  // Entries over time: 30 days by default, then by week.
  const timeline = page.getByRole('region', { name: 'Entries over time' });
  await expect(timeline.locator('canvas')).toHaveCount(1);
  await timeline.getByText('Show the figures as a table').click();
  await expect(timeline.getByRole('table', { name: /^Entries over time \(/ }).getByRole('row')).toHaveCount(31);
  await timeline.getByRole('button', { name: 'Per week' }).click();
  await expect(timeline.getByRole('button', { name: 'Per week' })).toHaveAttribute('aria-pressed', 'true');
  await expect(
    timeline
      .getByRole('table', { name: /^Entries over time \(/ })
      .getByRole('columnheader')
      .first(),
  ).toHaveText('Week from');
  await expect(page).toHaveURL(/bucket=week/);

  // Last 7 days: the tables follow.
  await page.getByLabel('Period').selectOption('7');
  await expect(page).toHaveURL(/period=7/);
  await timeline.getByRole('button', { name: 'Per day' }).click();
  await expect(page).toHaveURL(/bucket=day/);
  // The table opened above stays open while the figures reload.
  await expect(timeline.getByRole('table', { name: /^Entries over time \(/ }).getByRole('row')).toHaveCount(8);

  // The CSV of the most read posts, made on the device.
  const download = page.waitForEvent('download');
  await page.getByRole('region', { name: 'Most read posts' }).getByRole('button', { name: 'Download CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^statistics-posts-\d{4}-\d{2}-\d{2}-\d{4}-\d{2}-\d{2}\.csv$/);
  const text = await readFile(await file.path(), 'utf8');
  expect(text.startsWith('\uFEFFPost,Readers in the period,Readers in all\r\n')).toBe(true);
  expect(text).toContain(`${title},2,2`);
});

test('a staff member sees only the reads of their own posts', async ({ page, signIn, postsApi, request }) => {
  const staff = await postsApi.signIn('staff@colinas.test');
  const admin = await postsApi.signIn('admin@colinas.test');
  const reader = await postsApi.signIn('student@colinas.test');
  const mine = uniqueTitle('Mía');
  const theirs = uniqueTitle('Ajena');
  await readPost(request, postsApi, staff, [reader], mine);
  await readPost(request, postsApi, admin, [reader], theirs);

  await signIn.as('staff@colinas.test', 'Daniel');
  await page.goto('/statistics');
  await expect(page.getByRole('heading', { name: 'Statistics', level: 1 })).toBeVisible();
  const reads = page.getByRole('table', { name: /^Reads of my posts, / });
  await expect(reads.getByRole('row').filter({ hasText: mine })).toBeVisible();
  await expect(reads.getByRole('row').filter({ hasText: theirs })).toHaveCount(0);
  for (const other of ['Most downloaded documents', 'Entries by hour of the day', 'Entries over time', 'Active members by role']) {
    await expect(page.getByRole('heading', { name: other })).toHaveCount(0);
  }
});
