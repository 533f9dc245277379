import { uuidv7 } from '../../contract/ids';
import { appStart, expect, localDbName, PostsApi, test } from './fixtures';
import { MessengerApi } from './messengerPages';
import { NotificationsApi } from './notificationsPages';
import { sidewaysOverflow } from './reflow';
import { pdfFile, UploadsPage } from './documentsUploadPages';

/**
 * What people write is hostile but legal: a word of 300 letters, an address longer than the
 * screen, a right-to-left override (U+202E) in a title. On a 390 px phone no screen that
 * shows it scrolls sideways (docs/features/app-shell.md, "Nothing widens a page"): names
 * and titles wrap, one-line chips end in an ellipsis. The content is written through the
 * API (the forms are not the subject), except the document, which only an upload makes.
 */

/** One unbroken word of `length` letters, unique to this run (its last letters). */
function longWord(stem: string, length: number): string {
  const tail = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  return `${stem.repeat(Math.ceil(length / stem.length)).slice(0, length - tail.length)}${tail}`;
}

const longUrl = `https://colegio.example/documentos/${'circular-de-apoderados-'.repeat(12)}final.pdf?version=${'7'.repeat(40)}`;
const override = '\u202Efdp.exe';

test.use({ viewport: { width: 390, height: 844 } });

test('a 300-letter word, a long address and a right-to-left override in every field widen no screen of a 390 px phone', async ({
  page,
  request,
  signIn,
  device,
}) => {
  // An administrator's first download, an upload and fifteen screens.
  test.slow();
  const postsApi = new PostsApi(request);
  const messenger = new MessengerApi(request);
  const admin = await postsApi.signIn('admin@colinas.test');
  const reference = await postsApi.reference(admin);

  const postCategory = longWord('Extracurriculares', 80);
  await messenger.push(admin, 'categories.create', { id: uuidv7(), name: postCategory });
  const categoryId = (await postsApi.reference(admin)).categories.find((category) => category.name === postCategory)!.id;
  const postTitle = `${longWord('Reunióndeapoderados', 150)} ${override}`;
  const post = await postsApi.create(admin, {
    title: postTitle,
    content: `<p>${longWord('Supercalifragilístico', 300)}</p><p><a href="${longUrl}">${longUrl}</a></p><p>${override} ${longUrl}</p>`,
    category_id: categoryId,
    scope: 'everyone',
    ...postsApi.everywhere(reference),
  });

  const documentCategory = longWord('Reglamentosinternos', 80);
  const created = await request.post('/api/v1/document-categories', {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { name: documentCategory },
  });
  expect(created.status(), await created.text()).toBe(201);
  const documentCategoryId = ((await created.json()) as { id: string }).id;

  const contactId = uuidv7();
  await messenger.push(admin, 'contacts.create', {
    id: contactId,
    name: longWord('Orientacióneducacional', 120),
    title: longWord('Coordinadoraacadémica', 120),
    email: `${longWord('orientacion', 60)}@colinas.test`,
    notes: `${longWord('Atenciónapoderados', 300)} ${longUrl} ${override}`,
  });

  const memberId = uuidv7();
  await messenger.push(admin, 'members.create', {
    id: memberId,
    name: longWord('Maximiliano', 200),
    first_lastname: longWord('Fernández', 200),
    second_lastname: longWord('Hohenzollern', 200),
    email: `${longWord('apoderado', 60)}@colinas.test`,
    role: 'staff',
  });

  const groupId = uuidv7();
  await messenger.createGroup(admin, {
    id: groupId,
    name: longWord('Apoderadoscuartobásico', 80),
    description: `${longWord('Coordinación', 300)} ${override}`,
    member_ids: [memberId],
  });
  await messenger.push(admin, 'messenger.send', { id: uuidv7(), conversation_id: groupId, text: `${longWord('Recordatorio', 300)} ${longUrl}` });

  const alertTitle = `${longWord('Suspensióndeclases', 100)} ${override}`;
  await new NotificationsApi(request).send(admin, {
    title: alertTitle,
    content: `${longWord('Información', 300)} ${longUrl}`,
    emergency: false,
    scope: 'college',
    course_ids: [],
    grade_ids: [],
    section_ids: [],
  });

  const session = await signIn.stored('', 'admin@colinas.test');
  const findings: string[] = [];
  const check = async (screen: string, path: string, shown: string) => {
    await page.goto(path);
    await expect(page.getByText(shown, { exact: false }).first()).toBeVisible({ timeout: appStart });
    await expect(page.locator('main [aria-busy="true"]')).toHaveCount(0, { timeout: appStart });
    for (const finding of await sidewaysOverflow(page)) findings.push(`${screen}: ${finding}`);
  };

  await page.goto('/app');
  await device.waitForSync(localDbName(session.id));

  // The document, uploaded by hand into the long category (its name is the file's).
  const documentName = `${longWord('Circularinformativa', 200)}.pdf`;
  const uploads = new UploadsPage(page);
  await uploads.goto();
  await uploads.uploadButton.click();
  await uploads.dialog.getByLabel('Files').setInputFiles([pdfFile(documentName, 1000)]);
  await uploads.dialog.getByLabel('Category').selectOption({ label: documentCategory });
  await uploads.dialog.getByRole('button', { name: 'Add to the uploads' }).click();
  await expect(uploads.dialog).toBeHidden();
  await expect(page.locator('main .document-item').filter({ hasText: documentName })).toBeVisible({ timeout: appStart });

  await check('home', '/app', postTitle.slice(0, 40));
  await check('the news list', '/blog/all', postTitle.slice(0, 40));
  await check('a publication', `/blog/post/${post.id}`, postTitle.slice(0, 40));
  await check('the documents library', '/documentos', documentName.slice(0, 40));
  await check('a category of documents', `/documentos/${documentCategoryId}`, documentName.slice(0, 40));
  await check('the contacts', '/admin/contacts', 'Orientación');
  await check('a contact', `/admin/contacts/${contactId}`, 'Coordinadora');
  await check('the members list', '/users', 'MaximilianoMaximiliano');
  await check('a member', `/users/${memberId}`, 'MaximilianoMaximiliano');
  await check('the conversations', '/messenger', 'Apoderadoscuarto');
  await check('a conversation', `/messenger/${groupId}`, 'RecordatorioRecordatorio');
  await check("a conversation's details", `/messenger/${groupId}/info`, 'CoordinaciónCoordinación');
  await check('the notifications', '/notifications', alertTitle.slice(0, 40));
  await check('the notifications sent', '/college-notifications', alertTitle.slice(0, 40));
  await check('the structure', '/admin/structure', postCategory.slice(0, 40));
  expect(findings).toEqual([]);
});
