import type { I18n, MessageDescriptor } from '@lingui/core';
import type { ComponentType, SVGProps } from 'react';
import type { RouteObject } from 'react-router-dom';
import { can, type Permission, type Role } from '../../contract/permissions';
import type { DataModule } from '../db/dataModule';
import type { OutboxEntry, PatioDb } from '../db/database';
import type { AttachmentQueue } from '../uploads/attachmentQueue';

/**
 * What a feature shows (docs/architecture.md, "Feature modules"): its routes, its navigation entries
 * and how its outbox entries read. A feature's `ui.tsx` exports one; the list is
 * src/registry/uiModules.ts. The app composes routes and navigation from it; the outbox
 * screen (core) reads the labels through useUiModules(). Screens stay lazy: routes load
 * them on navigation.
 */
export interface UiModule {
  name: string;
  /**
   * The name of the feature's data module, when it has one (it must be in
   * src/registry/dataModules.ts). A name, not the module: the router loads this file in the
   * shell's first download, which must not carry the data module's zod schemas.
   */
  data?: DataModule['name'];
  /** Routes of the signed-in area (beside `/app`), e.g. `{ path: 'blog', children }`. */
  routes?: readonly RouteObject[];
  nav?: readonly NavEntry[];
  outbox?: OutboxPresenter;
  /** Parts of the home screen ("Latest news", "Coming up"), below the welcome. */
  home?: readonly ScreenSection[];
  /** Parts of the profile screen (the calendar feed), below the password and preferences. */
  profile?: readonly ScreenSection[];
  /**
   * Parts of the outbox screen (the upload queue): other work of this device waiting to be
   * sent, below the changes not sent.
   */
  unsent?: readonly ScreenSection[];
  /**
   * Parts of the administrators' structure screen (`/admin/structure`) for reference data a
   * feature owns (the posts feature's categories), below the places and courses.
   */
  structure?: readonly ScreenSection[];
  /**
   * Parts of an administrator's screen of one member (`/users/:id`), below the account's
   * actions: what the feature does with a member (the privacy feature's data export and erasure).
   */
  member?: readonly MemberSection[];
  /**
   * Work the feature does while someone is signed in, whatever screen is open (keeping the
   * kept documents in step, sending queued uploads): a component that draws nothing,
   * loaded once the app is idle and kept mounted in the signed-in shell
   * (src/modules/BackgroundWork.tsx).
   */
  background?: () => Promise<ComponentType>;
  /**
   * Code a member uses offline that the first offline start does not need (the forms, the
   * rich-text editor): loaded once after the service worker's first install, when the app is
   * idle, so the worker keeps it and writing works offline without the form opened before
   * (src/app/useOfflineStart.ts, docs/offline-start.md).
   */
  keptAfterStart?: readonly (() => Promise<unknown>)[];
  /**
   * Entries of the administration (`/admin`, one navigation entry for them all): the
   * screens of administrators (members, the school's structure, integrations, message reports,
   * billing), each shown to the roles its permission names.
   */
  admin?: readonly AdminEntry[];
  /**
   * The device's upload queue for attachments of posts and events, when this feature keeps
   * it (the documents feature does): the forms reach it through the core
   * (src/uploads/useAttachmentQueue.ts), loaded when a form saves files.
   */
  attachmentQueue?: () => Promise<AttachmentQueue>;
}

/**
 * A part a feature adds to a screen of the app's (home, profile), which knows no feature:
 * loaded with that screen (lazy, like the feature's routes), shown in `order`.
 */
export interface ScreenSection {
  order: number;
  load: () => Promise<ComponentType>;
}

/** The member a part of the member screen is about, as the members screen shows them. */
export interface MemberSectionProps {
  member: { id: string; name: string; role: Role };
  /** The administrator looking is this member. */
  isSelf: boolean;
  /** The member is gone (erased): the screen goes back to the list. */
  onGone: () => void;
}

/** A part a feature adds to the member screen, loaded with it, shown in `order`. */
export interface MemberSection {
  order: number;
  load: () => Promise<ComponentType<MemberSectionProps>>;
}

/** The sections of every module for one screen, loaded, in order. */
export async function loadSections(modules: readonly UiModule[], screen: 'home' | 'profile' | 'unsent' | 'structure'): Promise<ComponentType[]> {
  const sections = modules.flatMap((module) => module[screen] ?? []).sort((a, b) => a.order - b.order);
  return Promise.all(sections.map((section) => section.load()));
}

export interface NavEntry {
  to: string;
  label: MessageDescriptor;
  /**
   * The entry's one name, in the side bar, the tab bar and "More" alike (a thing has one word
   * everywhere). A long word wraps in the tab bar: a translation too long for a fifth of a
   * 320 px phone carries a soft hyphen (docs/features/app-shell.md).
   */
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Marked current for every path under it (News: `/blog/...`), not only `to`. */
  section?: string;
  /** Place among the entries: Home is 0, the outbox 900, the profile 1000. */
  order: number;
  /** Shown only to members whose role has this permission (contract/permissions.ts), e.g. `admin.access`. */
  permission?: Permission;
  /** A number beside the entry (unread notifications); nothing is shown while it is 0. */
  count?: NavCount;
}

/** A screen of the administration, as its page lists it. */
export interface AdminEntry {
  to: string;
  label: MessageDescriptor;
  /** One line under the label: what the screen is for. */
  description: MessageDescriptor;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  order: number;
  /** Who sees it (contract/permissions.ts). */
  permission: Permission;
}

/** The administration's entries a role may open, in order. */
export function adminEntriesFor(modules: readonly UiModule[], role: Role | null | undefined): AdminEntry[] {
  return modules
    .flatMap((module) => module.admin ?? [])
    .filter((entry) => can(role, entry.permission))
    .sort((a, b) => a.order - b.order);
}

/**
 * A count a feature shows on its navigation entry. The shell knows no feature's tables:
 * it loads the feature's hook (lazily, so the shell's first download carries none of its
 * queries), calls it inside the signed-in area and shows the number on every place the
 * entry appears (side bar, tab bar, "More").
 */
export interface NavCount {
  /** Loads the hook that reads the number, live (undefined while it is read). */
  load: () => Promise<() => number | undefined>;
  /** What the number means, for screen readers and the tooltip ("3 unread"). */
  describe: (i18n: I18n, count: number) => string;
  /** The installed app's icon shows it too (the Badging API, where the browser has it). */
  appBadge?: boolean;
}

/** How the outbox screen shows the entries of this module's mutations. */
export interface OutboxPresenter {
  mutations: readonly string[];
  /**
   * Mutations of the core that several features queue (`attachments.remove`, of a post's
   * file or an event's): this presenter shows their entries about its own `entity`.
   */
  shared?: { mutations: readonly string[]; entity: string };
  /** A readable name ("New publication: <title>"); `title` is '' when none is known. */
  label(i18n: I18n, entry: OutboxEntry, title: string): string;
  /** Where the person can fix a refused change, when there is a form for it. */
  fixHref?(entry: OutboxEntry): string | null;
  /** Where the changed item can be seen, if anywhere. */
  itemHref?(entry: OutboxEntry): string | null;
  /**
   * For a change refused because its item no longer exists (itemGone): fixing and resending
   * cannot work, so the outbox offers to keep what the person wrote as a new item, when the
   * module can (an edit of a deleted post becomes a new post). `keep` queues the new item,
   * drops the refused change, and answers where the new item can be seen.
   */
  keepAsNew?: {
    label: MessageDescriptor;
    applies(entry: OutboxEntry): boolean;
    keep(db: PatioDb, entry: OutboxEntry): Promise<string | null>;
  };
  /** Titles of the rows these entries touch (a delete carries only an id), by row id. */
  titles?(db: PatioDb, entries: readonly OutboxEntry[]): Promise<Map<string, string>>;
}

/** Typing help for a module's declaration. */
export function defineUiModule(module: UiModule): UiModule {
  return module;
}

export function presenterOf(modules: readonly UiModule[], entry: OutboxEntry): OutboxPresenter | undefined {
  return modules.find((module) => {
    const presenter = module.outbox;
    if (!presenter) return false;
    return presenter.mutations.includes(entry.name) || (presenter.shared?.entity === entry.entity && presenter.shared.mutations.includes(entry.name));
  })?.outbox;
}

/** Loads every feature's `keptAfterStart` code, one at a time (they share a weak network with the sync). */
export async function loadKeptAfterStart(modules: readonly UiModule[]): Promise<void> {
  for (const load of modules.flatMap((module) => module.keptAfterStart ?? [])) {
    await load();
  }
}
