import { uuidv7 } from '../../contract/ids';
import { appStart, expect, installedApp, localDbName, test, uniqueTitle } from './fixtures';
import { ConversationsPage, MessengerApi } from './messengerPages';

/**
 * The messenger (docs/features/messenger.md) as a teacher and a family use it: a guardian writes three messages
 * with no network, keeps them across a reload, and once back online the teacher's open chat
 * shows them once and in order while the guardian's bubbles say they were read; a group
 * where only its admins write refuses a family's message with the reason, also one queued
 * before the teacher closed the group to replies.
 */

const refusal = 'Only the group admins can write in this group.';

test.describe('messenger', () => {
  test.describe('on an installed app', () => {
    test.use(installedApp);
    test('a guardian writes three messages offline, they survive a reload, and once back online the teacher’s open chat shows them once and in order, marked read', async ({
      page,
      signIn,
      shell,
      device,
      devices,
      postsApi,
      request,
    }) => {
      // Two sign-ins, first downloads, an offline reload (fixtures: appStart).
      test.slow();
      const api = new MessengerApi(request);
      const daniel = await postsApi.signIn('staff@colinas.test');
      const luis = await postsApi.signIn('guardian@colinas.test');
      const direct = await api.conversation(luis, (row) => row.kind === 'direct' && row.created_by === daniel.id);
      const run = uniqueTitle('e2e');
      const texts = [`Buenas tardes, profesor (${run}).`, `Martina estuvo con fiebre ayer (${run}).`, `Mañana lleva el justificativo (${run}).`];

      // Daniel, the teacher, has his conversation with Luis open on his computer.
      const teacher = await devices.open();
      await teacher.signIn.as('staff@colinas.test', 'Daniel');
      await teacher.device.waitForSync(localDbName(daniel.id));
      const teacherList = new ConversationsPage(teacher.page);
      await teacherList.goto();
      const teacherChat = await teacherList.open(/Luis/);
      await teacher.device.markPage();

      // Luis, a guardian, has Patio installed and synced on his phone, and opens the same conversation.
      await signIn.as('guardian@colinas.test', 'Luis');
      await device.waitForServiceWorker();
      await device.waitForSync(localDbName(luis.id));
      const list = new ConversationsPage(page);
      await list.goto();
      const chat = await list.open(/Daniel/);
      await expect(page).toHaveURL(new RegExp(`/messenger/${direct.id}$`));

      // He loses the network and writes three messages: each waits, with its clock.
      await device.goOffline();
      await expect(shell.offline).toBeVisible();
      for (const text of texts) {
        const bubble = await chat.write(text);
        await expect(chat.state(bubble, 'Waiting to send')).toBeVisible();
      }
      expect(await chat.textsAmong(texts)).toEqual(texts);
      await expect(shell.unsent(3)).toBeVisible();

      // Still offline, the app is started again: the three are there, in order, still waiting.
      await shell.reload();
      await chat.waitForChat();
      for (const text of texts) await expect(chat.state(chat.bubble(text), 'Waiting to send')).toBeVisible();
      expect(await chat.textsAmong(texts)).toEqual(texts);
      await expect(shell.offline).toBeVisible();
      expect((await api.messages(luis, direct.id)).filter((message) => texts.includes(message.text))).toHaveLength(0);

      // Back online: Daniel's open chat shows the three without a reload, once each and in order.
      await device.goOnline();
      for (const text of texts) await expect(teacherChat.bubble(text)).toHaveCount(1, { timeout: appStart });
      expect(await teacherChat.textsAmong(texts)).toEqual(texts);
      await teacher.device.expectSamePage();

      // Daniel's screen shows them, so they are read: Luis's bubbles say so, and nothing waits.
      for (const text of texts) await expect(chat.state(chat.bubble(text), 'Read')).toBeVisible({ timeout: appStart });
      await expect(shell.anyUnsent).toHaveCount(0);

      // The server holds each once, in the order they were written.
      const stored = (await api.messages(daniel, direct.id)).filter((message) => texts.includes(message.text));
      expect(stored.map((message) => message.text)).toEqual(texts);
      expect(stored.every((message) => message.author_id === luis.id)).toBe(true);
      const positions = stored.map((message) => message.position);
      expect(positions).toEqual([...positions].sort((a, b) => a - b));

      // A reload on each side shows the same three, once.
      await teacher.page.reload();
      await teacherChat.waitForChat();
      for (const text of texts) await expect(teacherChat.bubble(text)).toHaveCount(1, { timeout: appStart });
      expect(await teacherChat.textsAmong(texts)).toEqual(texts);
      await shell.reload();
      await chat.waitForChat();
      for (const text of texts) await expect(chat.bubble(text)).toHaveCount(1);
      expect(await chat.textsAmong(texts)).toEqual(texts);
    });
  });

  test('in the announcements group a guardian reads but cannot write: the composer gives the reason', async ({ page, signIn, postsApi, device }) => {
    test.slow();
    const luis = await postsApi.signIn('guardian@colinas.test');
    await signIn.as('guardian@colinas.test', 'Luis');
    await device.waitForSync(localDbName(luis.id));

    const list = new ConversationsPage(page);
    await list.goto();
    const chat = await list.open(/^Avisos /);
    await expect(chat.log).toContainText('el lunes comienza la semana de evaluaciones');
    await expect(chat.readOnlyNote).toHaveText(refusal);
    await expect(chat.composer).toHaveCount(0);
    await expect(chat.send).toHaveCount(0);
  });

  test('a long conversation opens at its newest message, and scrolling back brings older ones page by page while the one being read stays in place', async ({
    page,
    signIn,
    device,
    postsApi,
    request,
  }) => {
    test.slow();
    const api = new MessengerApi(request);
    const daniel = await postsApi.signIn('staff@colinas.test');
    const luis = await postsApi.signIn('guardian@colinas.test');
    const name = uniqueTitle('Curso de verano');
    const group = { id: uuidv7(), name, description: 'Avisos del curso.', members_can_reply: true };
    await api.createGroup(daniel, { ...group, member_ids: [luis.id] });
    // 130 messages: the chat reads the newest 50 at first and draws the newest 30, and reads 50 more each time the top is reached.
    const text = (n: number) => `Mensaje ${n} de ${name}`;
    const numbers = Array.from({ length: 130 }, (_, i) => i + 1);
    for (const batch of [numbers.slice(0, 100), numbers.slice(100)]) {
      await api.pushAll(
        daniel,
        batch.map((n) => ({ name: 'messenger.send', args: { id: uuidv7(), conversation_id: group.id, text: text(n) } })),
      );
    }

    await signIn.as('guardian@colinas.test', 'Luis');
    await device.waitForSync(localDbName(luis.id));
    const list = new ConversationsPage(page);
    await list.goto();
    const chat = await list.open(name);
    // At the newest, with only the first page in the page.
    await expect(chat.bubble(text(130))).toBeInViewport();
    await expect(chat.bubble(text(101))).toHaveCount(1);
    await expect(chat.bubble(text(100))).toHaveCount(0);

    // Scrolling back to the top of the first page brings the older ones above the one being read.
    await chat.log.hover();
    await page.mouse.wheel(0, -20_000);
    await expect(chat.bubble(text(100))).toHaveCount(1, { timeout: appStart });
    await expect(chat.bubble(text(101))).toBeInViewport();

    // And so on to the very first message; only the rows near the screen are in the page.
    await expect(async () => {
      await chat.log.hover();
      await page.mouse.wheel(0, -20_000);
      await expect(chat.bubble(text(1))).toBeInViewport({ timeout: 1_000 });
    }).toPass({ timeout: appStart });
    expect(await chat.log.locator('.bubble').count()).toBeLessThan(100);
    await expect(chat.bubble(text(130))).toHaveCount(0);
  });

  test.describe('on an installed app', () => {
    test.use(installedApp);
    test('a message queued offline in a group the teacher then closes to replies is refused with the reason, and is not stored', async ({
      page,
      signIn,
      shell,
      device,
      postsApi,
      request,
    }) => {
      test.slow();
      const api = new MessengerApi(request);
      const daniel = await postsApi.signIn('staff@colinas.test');
      const luis = await postsApi.signIn('guardian@colinas.test');
      const name = uniqueTitle('Reunión de apoderados');
      const text = `¿Podemos cambiar la hora? (${name})`;

      // Luis is on the messenger when Daniel makes a group for the meeting where everyone writes.
      await signIn.as('guardian@colinas.test', 'Luis');
      await device.waitForServiceWorker();
      await device.waitForSync(localDbName(luis.id));
      const list = new ConversationsPage(page);
      await list.goto();
      const group = { id: uuidv7(), name, description: 'Para coordinar la reunión del jueves.', members_can_reply: true };
      await api.createGroup(daniel, { ...group, member_ids: [luis.id] });
      const chat = await list.open(name);
      await expect(chat.composer).toBeVisible();

      // Offline, Luis writes; meanwhile Daniel turns "members can reply" off.
      await device.goOffline();
      await expect(shell.offline).toBeVisible();
      const bubble = await chat.write(text);
      await expect(chat.state(bubble, 'Waiting to send')).toBeVisible();
      await api.updateGroup(daniel, { ...group, members_can_reply: false });

      // Back online: the server refuses it, the bubble says why and offers to try again or discard it.
      await device.goOnline();
      await expect(bubble.getByText(`Not sent: ${refusal}`, { exact: true })).toBeVisible({ timeout: appStart });
      await expect(bubble.getByRole('button', { name: 'Try again' })).toBeVisible();
      await expect(bubble.getByRole('button', { name: 'Discard' })).toBeVisible();
      await expect(chat.readOnlyNote).toHaveText(refusal, { timeout: appStart });
      await expect(chat.composer).toHaveCount(0);
      expect((await api.messages(daniel, group.id)).filter((message) => message.text === text)).toHaveLength(0);

      // Discarding it takes it off the device.
      await bubble.getByRole('button', { name: 'Discard' }).click();
      await expect(chat.bubble(text)).toHaveCount(0);
      await expect(shell.attention(1)).toHaveCount(0);
    });
  });
});
