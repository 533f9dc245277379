import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { uuidv7 } from '../../contract/ids';
import type { ConversationRow, CreateGroupInput, MessageRow, UpdateGroupArgs } from '../../contract/messenger';
import type { PushResponse } from '../../contract/sync';
import { appStart, expect, type ApiMember } from './fixtures';

/** The state image under one of my bubbles (src/features/messenger/BubbleStateMark.tsx). */
export type BubbleStateName = 'Waiting to send' | 'Sending' | 'Sent' | 'Delivered' | 'Read';

/** The messenger's server side over REST and the push endpoint, as another client (or the test's setup) uses it. */
export class MessengerApi {
  constructor(private readonly request: APIRequestContext) {}

  private headers(member: ApiMember): Record<string, string> {
    return { Authorization: `Bearer ${member.token}` };
  }

  async conversations(member: ApiMember): Promise<ConversationRow[]> {
    const reply = await this.request.get('/api/v1/messenger/conversations', { headers: this.headers(member) });
    expect(reply.status()).toBe(200);
    return ((await reply.json()) as { data: ConversationRow[] }).data;
  }

  /** The one conversation of `member` that `pick` chooses. */
  async conversation(member: ApiMember, pick: (row: ConversationRow) => boolean): Promise<ConversationRow> {
    const found = (await this.conversations(member)).filter(pick);
    expect(found).toHaveLength(1);
    return found[0]!;
  }

  /** The newest `limit` messages of a conversation, oldest first, as the server holds them. */
  async messages(member: ApiMember, conversationId: string, limit = 200): Promise<MessageRow[]> {
    const reply = await this.request.get(`/api/v1/messenger/conversations/${conversationId}/messages`, { headers: this.headers(member), params: { limit } });
    expect(reply.status()).toBe(200);
    return ((await reply.json()) as { data: MessageRow[] }).data;
  }

  /** One mutation through `POST /api/v1/sync/push`, the path a device's outbox takes; it must be applied. */
  async push(member: ApiMember, name: string, args: unknown): Promise<void> {
    const reply = await this.request.post('/api/v1/sync/push', {
      headers: this.headers(member),
      data: { clientId: `e2e-${member.id}`, mutations: [{ id: uuidv7(), name, args }] },
    });
    expect(reply.status()).toBe(200);
    const { results } = (await reply.json()) as PushResponse;
    expect(results[0], JSON.stringify(results)).toMatchObject({ status: 'applied' });
  }

  /** Many mutations in one push (at most 100), in order; each must be applied. */
  async pushAll(member: ApiMember, mutations: { name: string; args: unknown }[]): Promise<void> {
    const reply = await this.request.post('/api/v1/sync/push', {
      headers: this.headers(member),
      data: { clientId: `e2e-${member.id}`, mutations: mutations.map((mutation) => ({ id: uuidv7(), ...mutation })) },
    });
    expect(reply.status()).toBe(200);
    const { results } = (await reply.json()) as PushResponse;
    expect(
      results.filter((result) => result.status !== 'applied'),
      JSON.stringify(results),
    ).toEqual([]);
  }

  async createGroup(member: ApiMember, fields: CreateGroupInput): Promise<void> {
    await this.push(member, 'messenger.createGroup', fields);
  }

  async updateGroup(member: ApiMember, fields: UpdateGroupArgs): Promise<void> {
    await this.push(member, 'messenger.updateGroup', fields);
  }
}

/** `/messenger`: the member's conversations, read from the device. */
export class ConversationsPage {
  readonly heading: Locator;
  readonly list: Locator;

  constructor(readonly page: Page) {
    this.heading = page.getByRole('heading', { name: 'Messages', level: 1 });
    this.list = page.getByRole('list', { name: 'Conversations' });
  }

  async goto(): Promise<void> {
    await this.page.goto('/messenger');
    await expect(this.heading).toBeVisible({ timeout: appStart });
  }

  /** A conversation's line, by (part of) its name; the list appears once the first download brought it. */
  item(name: string | RegExp): Locator {
    return this.list.getByRole('link').filter({ has: this.page.locator('.conversation-title', { hasText: name }) });
  }

  async open(name: string | RegExp): Promise<ChatPage> {
    await expect(this.item(name)).toBeVisible({ timeout: appStart });
    await this.item(name).click();
    const chat = new ChatPage(this.page);
    await chat.waitForChat();
    return chat;
  }
}

/** `/messenger/:conversation`: the chat, its messages (a `log` named "Messages") and the composer. */
export class ChatPage {
  readonly log: Locator;
  readonly composer: Locator;
  readonly send: Locator;
  /** What replaces the composer where only the group's admins write. */
  readonly readOnlyNote: Locator;

  constructor(readonly page: Page) {
    this.log = page.getByRole('log', { name: 'Messages' });
    this.composer = page.getByRole('textbox', { name: 'Message', exact: true });
    this.send = page.getByRole('button', { name: 'Send', exact: true });
    this.readOnlyNote = page.locator('.chat-read-only');
  }

  async goto(conversationId: string): Promise<void> {
    await this.page.goto(`/messenger/${conversationId}`);
    await this.waitForChat();
  }

  async waitForChat(): Promise<void> {
    await expect(this.log).toBeVisible({ timeout: appStart });
  }

  /** Writes a message and sends it; it shows at once as a bubble of mine. */
  async write(text: string): Promise<Locator> {
    await this.composer.fill(text);
    await this.send.click();
    await expect(this.composer).toHaveValue('');
    const bubble = this.bubble(text);
    await expect(bubble).toBeVisible();
    return bubble;
  }

  /** The bubble whose text is exactly `text`. */
  bubble(text: string): Locator {
    return this.log.locator('.bubble').filter({ has: this.page.locator('.message-text', { hasText: new RegExp(`^${escapeRegExp(text)}$`) }) });
  }

  /** The state image under one of my bubbles. */
  state(bubble: Locator, name: BubbleStateName): Locator {
    return bubble.getByRole('img', { name, exact: true });
  }

  /** The texts of the bubbles on screen, top to bottom, that are among `wanted`. */
  async textsAmong(wanted: readonly string[]): Promise<string[]> {
    const texts = await this.log.locator('.bubble .message-text').allTextContents();
    return texts.map((text) => text.trim()).filter((text) => wanted.includes(text));
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
