import { expect, localDbName, test, toast, uniqueTitle } from './fixtures';

/** The audience picker (docs/features/posts.md): who a publication is for, in school order and in words. */

test('a teacher addresses a publication to all of 4° Básico in one choice, sees who that is and how many it reaches, and its page tells staff who it is for', async ({
  page,
  signIn,
  postsApi,
  postsPage,
  device,
}) => {
  test.slow();
  const daniel = await postsApi.signIn('staff@colinas.test');
  const reference = await postsApi.reference(daniel);
  const fourth = reference.grades.find((grade) => grade.name === '4° Básico')!;
  const fourthSections = reference.sections.filter((section) => section.grade_id === fourth.id).map((section) => section.id);
  const everyone = await postsApi.reach(daniel, { scope: 'college' });
  const ofFourth = await postsApi.reach(daniel, { scope: 'everyone', section_ids: fourthSections });
  expect(ofFourth.students + ofFourth.guardians).toBeGreaterThan(0);

  await signIn.as('staff@colinas.test', 'Daniel');
  await device.waitForSync(localDbName(daniel.id));
  await postsPage.goto();
  await postsPage.newPostLink.click();
  const title = uniqueTitle('Salida pedagógica de cuarto básico');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('textbox', { name: 'Content' }).fill('El viernes visitamos el Museo de Historia Natural.');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Noticias' });

  const picker = postsPage.audience;
  let reachRequests = 0;
  page.on('request', (request) => {
    if (request.url().endsWith('/api/v1/audience/reach')) reachRequests++;
  });
  // Families and students of chosen grades, none chosen yet: nothing to count.
  await expect(picker.who.getByRole('radio', { name: 'Families and students of chosen grades' })).toBeChecked();
  await expect(picker.summary).toHaveText('No grades or sections chosen yet');
  await expect(picker.reach).toHaveCount(0);

  // The sections come by grade, in school order.
  const rows = picker.sections.getByRole('group');
  await expect(rows.first()).toContainText('Básica');
  await expect(rows.nth(1)).toContainText('1° Básico');
  await expect(rows.nth(4)).toContainText('4° Básico');

  // "Everyone" is one choice: no grades to pick.
  await picker.choose('Everyone in the school');
  await expect(picker.sections).toHaveCount(0);
  await expect(picker.summary).toHaveText('Everyone in the school');
  await expect(picker.reach).toContainText(`Reaches ${everyone.total} people`);

  // All of 4° Básico is one choice too.
  await picker.choose('Families and students of chosen grades');
  await picker.checkbox('All of 4° Básico').check();
  await expect(picker.checkbox('4° Básico A')).toBeChecked();
  await expect(picker.checkbox('4° Básico B')).toBeChecked();
  await expect(picker.summary).toHaveText('Families and students of 4° Básico');
  await expect(picker.reach).toContainText(`Reaches ${ofFourth.total} people`);

  // A burst of changes asks the server once, for the last choice.
  const before = reachRequests;
  await page.evaluate(() => {
    for (const name of ['1° Básico A', '1° Básico B', '1° Básico A']) document.querySelector<HTMLInputElement>(`input[aria-label="${name}"]`)!.click();
  });
  await expect(picker.summary).toHaveText('Families and students of 1° Básico B and 4° Básico');
  await expect(picker.reach).toContainText(/^Reaches \d+ people/);
  expect(reachRequests - before).toBe(1);
  await picker.checkbox('1° Básico B').uncheck();
  await expect(picker.summary).toHaveText('Families and students of 4° Básico');
  await expect(picker.reach).toContainText(`Reaches ${ofFourth.total} people`);

  // Offline the count is not guessed.
  await device.goOffline();
  await expect(picker.reach).toHaveText('How many people it reaches cannot be counted offline.');
  await device.goOnline();
  await expect(picker.reach).toContainText(`Reaches ${ofFourth.total} people`);

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(toast(page, 'Publication created successfully')).toBeVisible();
  await expect(postsPage.heading(title)).toBeVisible();
  await expect(postsPage.detailAudience).toHaveText('For: Families and students of 4° Básico');
  const [sent] = await postsApi.titled(daniel, title);
  expect(sent).toMatchObject({ scope: 'everyone', grade_ids: [fourth.id], course_ids: [fourth.course_id] });
  expect([...sent!.section_ids].sort()).toEqual([...fourthSections].sort());

  // Still said after a reload, from this device's copy.
  await page.reload();
  await expect(postsPage.heading(title)).toBeVisible({ timeout: 45_000 });
  await expect(postsPage.detailAudience).toHaveText('For: Families and students of 4° Básico');
});
