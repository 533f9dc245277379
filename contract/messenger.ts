import { z } from './zod';
import { messages } from './messages';
import { ruleAllowsStart, setMessengerRulesArgs, type MessengerRulesFields } from './messengerRules';
import { roles, type Role } from './permissions';
import { text } from './text';

export { conversationMemberId, directConversationId } from './messengerIds';

/**
 * The messenger (the original app's `/messenger`: new conversation, add chat, create group,
 * add contact; a group's name, description, members and "members can reply"). Three synced
 * entities whose audience is the conversation's membership (`user:<id>` keys,
 * contract/audience.ts): a conversation and its members reach every current member; a
 * message reaches the members it was sent to (a member added later reads from their
 * arrival on, as in the phone messengers families know; a removed member's device drops
 * every message of the conversation). Everything is written through the outbox, offline
 * too, and pokes only the conversation's members.
 */

export const conversationKinds = ['direct', 'group'] as const;
export type ConversationKind = (typeof conversationKinds)[number];

/** A conversation as synced to its members. */
export const conversationRow = z.object({
  id: z.string(),
  college_id: z.string(),
  kind: z.enum(conversationKinds),
  /** A group's name; empty for a direct conversation (the device shows the other member's name). */
  name: z.string(),
  description: z.string(),
  /** Off: an announcement channel where only the group's admins write (spec "a flag that the user can reply"). Always true for a direct conversation. */
  members_can_reply: z.boolean(),
  created_by: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type ConversationRow = z.infer<typeof conversationRow>;

export const memberRoles = ['admin', 'member'] as const;
export type ConversationMemberRole = (typeof memberRoles)[number];

/**
 * A member of a conversation, synced to every member of it: who is in it (and their name,
 * so the device needs no directory), who administers a group, and how far each has
 * received and read (the markers under the sender's bubbles). `muted` is the member's own
 * choice: no push for this conversation.
 */
export const conversationMemberRow = z.object({
  /** `<conversation_id>:<user_id>`: one row per member of a conversation. */
  id: z.string(),
  college_id: z.string(),
  conversation_id: z.string(),
  user_id: z.string(),
  /** The member's display name when they joined or last changed it ("Ana Pérez"). */
  name: z.string(),
  /** Their role in the college (admin, staff, student, guardian), shown beside the name. */
  user_role: z.enum(roles),
  role: z.enum(memberRoles),
  muted: z.boolean(),
  /** The highest message position delivered to one of their devices (0: none). */
  delivered_position: z.number().int().min(0),
  /** The highest message position they have seen on screen (0: none). */
  read_position: z.number().int().min(0),
  joined_at: z.string(),
});
export type ConversationMemberRow = z.infer<typeof conversationMemberRow>;

/**
 * A message as synced to the members it was sent to. `position` is its place in the
 * conversation, given by the server when it applies the message (1, 2, 3…): every device
 * shows the same order, and a device's own unsent messages (position 0) follow it in the
 * order they were written.
 */
export const messageRow = z.object({
  id: z.string(),
  college_id: z.string(),
  conversation_id: z.string(),
  author_id: z.string(),
  /** Plain text, never HTML; empty once deleted. */
  text: z.string(),
  position: z.number().int().min(0),
  created_at: z.string(),
  /** The last edit, or null. */
  edited_at: z.string().nullable(),
  /** When the author deleted it ("This message was deleted"), or null. */
  deleted_at: z.string().nullable(),
  /**
   * When the staff hours hold it (contract/messengerRules.ts): the time it reaches the other
   * members; only its author has it until then. Null once delivered, and for every other message.
   */
  held_until: z.string().nullable().default(null),
});
export type MessageRow = z.infer<typeof messageRow>;

export const messageTextMax = 4000;
export const groupNameMax = 80;
export const groupDescriptionMax = 500;
/** A group of a whole school is a notification; a group is a conversation. */
export const groupMembersMax = 1000;
/** Editing is allowed this long after the server received the message. */
export const messageEditWindowMs = 15 * 60_000;
export const reportReasonMax = 500;

const messageText = text({ max: messageTextMax, error: messages.messageTextRequired }).refine((value) => value.trim().length > 0, {
  error: messages.messageTextRequired,
});
const memberIds = z.array(z.uuid({ error: messages.unknownReference })).max(groupMembersMax, { error: messages.groupTooLarge });

/** Who of a whole section a group takes: its students, its guardians, or both. */
export const sectionMemberScopes = ['everyone', 'students', 'guardians'] as const;
export type SectionMemberScope = (typeof sectionMemberScopes)[number];

const sectionPick = {
  /** Whole sections: their current members of `section_scope` are added (later arrivals are not). */
  section_ids: z
    .array(z.uuid({ error: messages.unknownReference }))
    .max(50)
    .default([]),
  section_scope: z.enum(sectionMemberScopes).default('everyone'),
};

export const groupFields = z.object({
  name: text({ max: groupNameMax, trim: true, error: messages.groupNameRequired }).min(1, { error: messages.groupNameRequired }),
  description: text({ max: groupDescriptionMax, trim: true }).default(''),
  members_can_reply: z.boolean().default(true),
});
export type GroupFields = z.infer<typeof groupFields>;

/**
 * Mutation `messenger.startDirect`: a one-to-one conversation with `user_id`. Its id is
 * `directConversationId` of the two members, so two devices starting it offline at once
 * make the same conversation, and starting it again is applied without a change.
 */
export const startDirectArgs = z.object({ id: z.uuid(), user_id: z.uuid({ error: messages.unknownReference }) });
export type StartDirectArgs = z.infer<typeof startDirectArgs>;

/** `POST /api/v1/messenger/conversations`: `messenger.startDirect` over REST; the id is the server's to work out. */
export const restStartDirectBody = z.object({ user_id: z.uuid({ error: messages.unknownReference }) });
/** `POST /api/v1/messenger/conversations/{id}/messages`: `messenger.send` over REST. */
export const restSendMessageBody = z.object({ id: z.uuid().optional(), text: messageText });

/** Mutation `messenger.createGroup` (`messenger.groups.create`): the creator is its first admin. */
export const createGroupArgs = groupFields.extend({
  id: z.uuid(),
  member_ids: memberIds.default([]),
  /** Members who administer the group beside its creator (a subset of `member_ids`). */
  admin_ids: memberIds.default([]),
  ...sectionPick,
});
export type CreateGroupArgs = z.infer<typeof createGroupArgs>;
export type CreateGroupInput = z.input<typeof createGroupArgs>;

/** Mutation `messenger.updateGroup` (a group admin): every field again. */
export const updateGroupArgs = groupFields.extend({ id: z.uuid() });
export type UpdateGroupArgs = z.infer<typeof updateGroupArgs>;

/** Mutation `messenger.addMembers` (a group admin). */
export const addMembersArgs = z.object({ conversation_id: z.uuid(), member_ids: memberIds.default([]), ...sectionPick });
export type AddMembersArgs = z.infer<typeof addMembersArgs>;

/** Mutation `messenger.removeMember` (a group admin; a member removing themself leaves). */
export const removeMemberArgs = z.object({ conversation_id: z.uuid(), user_id: z.uuid() });
/** Mutation `messenger.setAdmin` (a group admin). */
export const setAdminArgs = z.object({ conversation_id: z.uuid(), user_id: z.uuid(), admin: z.boolean() });
/** Mutation `messenger.leave`: leaving a group (a direct conversation cannot be left, only muted). */
export const leaveArgs = z.object({ conversation_id: z.uuid() });
/** Mutation `messenger.mute`. */
export const muteArgs = z.object({ conversation_id: z.uuid(), muted: z.boolean() });

/** Mutation `messenger.send`: the device chooses the id (UUIDv7); sent once however often it is pushed. */
export const sendMessageArgs = z.object({ id: z.uuid(), conversation_id: z.uuid(), text: messageText });
export type SendMessageArgs = z.infer<typeof sendMessageArgs>;
/** Mutation `messenger.edit`: the author, within `messageEditWindowMs` of the server receiving it. */
export const editMessageArgs = z.object({ id: z.uuid(), text: messageText });
export type EditMessageArgs = z.infer<typeof editMessageArgs>;
/** Mutation `messenger.delete`: the author (or a college administrator) empties it; it stays shown as deleted. */
export const deleteMessageArgs = z.object({ id: z.uuid() });

/**
 * Background mutations `messenger.delivered` and `messenger.read`: the member's markers move
 * up to `position` (never down). Sent by the device after a pull brings messages, and when a
 * conversation is on screen.
 */
export const markArgs = z.object({
  conversation_id: z.uuid(),
  position: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
});
export type MarkArgs = z.infer<typeof markArgs>;

/** Mutation `messenger.report`: a member asks the college's administrators to look at a message. */
export const reportMessageArgs = z.object({
  id: z.uuid(),
  message_id: z.uuid(),
  reason: text({ max: reportReasonMax, trim: true }).default(''),
});
export type ReportMessageArgs = z.infer<typeof reportMessageArgs>;

export const messengerMutations = {
  'messenger.startDirect': startDirectArgs,
  'messenger.createGroup': createGroupArgs,
  'messenger.updateGroup': updateGroupArgs,
  'messenger.addMembers': addMembersArgs,
  'messenger.removeMember': removeMemberArgs,
  'messenger.setAdmin': setAdminArgs,
  'messenger.leave': leaveArgs,
  'messenger.mute': muteArgs,
  'messenger.send': sendMessageArgs,
  'messenger.edit': editMessageArgs,
  'messenger.delete': deleteMessageArgs,
  'messenger.delivered': markArgs,
  'messenger.read': markArgs,
  'messenger.report': reportMessageArgs,
  'messenger.setRules': setMessengerRulesArgs,
} as const;
export type MessengerMutationName = keyof typeof messengerMutations;
/** Not the member's writing: never counted as unsent, dropped when refused (src/db/dataModule.ts). */
export const messengerBackgroundMutations = ['messenger.delivered', 'messenger.read'] as const;

/**
 * Who may start a one-to-one conversation with whom (docs/features/messenger.md): first the
 * school's rule (contract/messengerRules.ts), a table of staff, students and guardians;
 * then, between families, who they are to each other: students of a shared section, a
 * guardian and their own child, guardians of a shared section. Staff and administrators
 * need no such tie: the rule alone decides.
 */
export interface Correspondent {
  id: string;
  role: Role;
  sectionIds: readonly string[];
  /** A guardian's children (empty for other roles). */
  childIds: readonly string[];
}

/** Why a conversation may not be started: the school's rule, or no tie between the two. */
export type StartRefusal = 'rule' | 'unrelated';

export function startRefusal(from: Correspondent, to: Correspondent, rules: MessengerRulesFields): StartRefusal | null {
  if (from.id === to.id) return 'unrelated';
  if (!ruleAllowsStart(rules, from.role, to.role)) return 'rule';
  return related(from, to) ? null : 'unrelated';
}

export function mayStartConversation(from: Correspondent, to: Correspondent, rules: MessengerRulesFields): boolean {
  return startRefusal(from, to, rules) === null;
}

function related(from: Correspondent, to: Correspondent): boolean {
  const staffLike = (role: Role) => role === 'admin' || role === 'staff';
  if (staffLike(from.role) || staffLike(to.role)) return true;
  const shareSection = from.sectionIds.some((id) => to.sectionIds.includes(id));
  if (from.role === to.role) return shareSection;
  if (from.role === 'guardian') return from.childIds.includes(to.id);
  return to.childIds.includes(from.id);
}

/**
 * `GET /api/v1/messenger/people?q=`: the members the viewer may start a conversation with
 * (for a group, staff and administrators get every active member), by name. Online: picking
 * someone new needs the server; every conversation already on the device works offline.
 */
export const peopleQuery = z.object({
  q: text({ max: 100, trim: true }).optional(),
  /** `group`: everyone a group may take (staff and administrators only); default: one-to-one. */
  for: z.enum(['direct', 'group']).default('direct'),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type PeopleQuery = z.infer<typeof peopleQuery>;

export const personRow = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(roles),
  /** Names of their sections ("4°A"), for telling two namesakes apart. */
  sections: z.array(z.string()),
});
export type PersonRow = z.infer<typeof personRow>;
export const peopleResponse = z.object({ data: z.array(personRow) });

/** `GET /api/v1/admin/messenger/reports` (`messenger.reports.read`): newest first. */
export const reportRow = z.object({
  id: z.string(),
  message_id: z.string(),
  conversation_id: z.string(),
  conversation_name: z.string(),
  /** The message as it is now (empty when its author deleted it) and as it was reported. */
  text: z.string(),
  reported_text: z.string(),
  author_id: z.string(),
  author_name: z.string(),
  reporter_id: z.string(),
  reporter_name: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
export type ReportRow = z.infer<typeof reportRow>;
export const reportsResponse = z.object({ data: z.array(reportRow) });
