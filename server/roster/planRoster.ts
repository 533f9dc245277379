/**
 * From a OneRoster set's rows and the college as it is now to what an import would write
 * (docs/features/roster.md has the mapping). Pure: it reads nothing and writes nothing, so a
 * preview and the import inside its transaction plan the same way, and the tests can plan
 * thousands of rows without a database.
 */
import { uuidv7 } from '../../contract/ids';
import { messages } from '../../contract/messages';
import { memberFields } from '../../contract/members';
import type { Role } from '../../contract/permissions';
import { rosterRefusalsShown, rosterTargets, type RosterCounts, type RosterRefusal, type RosterTarget } from '../../contract/roster';
import type { RosterFile } from './columns';
import type { FileMode } from './manifest';
import type { CsvRow } from './readCsv';
import type { RosterKind } from './schema';

/** The college as the plan needs it: its roster links and the rows they point at. */
export interface CollegeState {
  collegeId: string;
  links: Record<RosterKind, Map<string, string>>;
  places: Map<string, RefRow>;
  courses: Map<string, RefRow>;
  grades: Map<string, RefRow & { courseId: string }>;
  sections: Map<string, RefRow & { gradeId: string; placeId: string | null }>;
  members: Map<string, MemberState>;
}

export interface RefRow {
  id: string;
  name: string;
  archivedAt: Date | null;
}

export interface MemberState {
  id: string;
  role: Role;
  status: 'active' | 'pending' | 'disabled';
  name: string;
  firstLastname: string;
  email: string;
  phone: string;
  placeId: string | null;
  sectionIds: string[];
  childIds: string[];
  removed: boolean;
}

/** One row to insert or the columns of one row to change. */
export interface RowWrite {
  id: string;
  values: Record<string, unknown>;
}

export interface RosterPlan {
  mode: 'bulk' | 'delta';
  counts: Record<RosterTarget, RosterCounts>;
  refused: RosterRefusal[];
  refusedTotal: number;
  inserts: Record<'places' | 'courses' | 'grades' | 'sections' | 'members', RowWrite[]>;
  updates: Record<'places' | 'courses' | 'grades' | 'sections' | 'members', RowWrite[]>;
  /** Members whose sections change: their whole new list (user_sections is rewritten for them). */
  sections: Map<string, string[]>;
  /** Members disabled by this import: signed out everywhere. */
  disabled: string[];
  links: { kind: RosterKind; sourcedId: string; targetId: string; modifiedAt: string | null }[];
}

type Rows = Partial<Record<RosterFile, CsvRow[]>>;

const oneRosterRoles: Record<string, Role | undefined> = {
  administrator: 'admin',
  teacher: 'staff',
  student: 'student',
  parent: 'guardian',
  guardian: 'guardian',
  relative: 'guardian',
};

/** An address under RFC 2606's reserved `.invalid`: what a student without an email gets (docs/decisions.md). */
export const noEmailDomain = 'roster.invalid';

const list = (cell: string | undefined) =>
  (cell ?? '')
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

const fold = (value: string) =>
  value
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();

/** A OneRoster grade code as a name: `05` → `5`; `KG`, `PK` and the rest as given. */
const gradeName = (code: string) => (/^\d+$/.test(code) ? String(Number(code)) : code);

/** Every target's counts at zero. */
export function emptyCounts(): Record<RosterTarget, RosterCounts> {
  return Object.fromEntries(rosterTargets.map((t) => [t, { created: 0, updated: 0, unchanged: 0, removed: 0 }])) as Record<RosterTarget, RosterCounts>;
}

export function planRoster(state: CollegeState, modes: Record<RosterFile, FileMode>, rows: Rows, now: Date): RosterPlan {
  const plan: RosterPlan = {
    mode: Object.values(modes).includes('delta') ? 'delta' : 'bulk',
    counts: emptyCounts(),
    refused: [],
    refusedTotal: 0,
    inserts: { places: [], courses: [], grades: [], sections: [], members: [] },
    updates: { places: [], courses: [], grades: [], sections: [], members: [] },
    sections: new Map(),
    disabled: [],
    links: [],
  };
  const refuse = (file: RosterFile, row: CsvRow, column: string, message: string) => {
    plan.refusedTotal++;
    if (plan.refused.length >= rosterRefusalsShown) return;
    const value = row.cells[column] ?? null;
    plan.refused.push({ file: `${file}.csv`, line: row.line, column, value: value === null ? null : value.slice(0, 100), message });
  };
  /** What each sourcedId of a kind became in this plan (new ids included). */
  const resolved: Record<RosterKind, Map<string, string>> = {
    org: new Map(state.links.org),
    course: new Map(state.links.course),
    grade: new Map(state.links.grade),
    class: new Map(state.links.class),
    user: new Map(state.links.user),
  };
  const link = (kind: RosterKind, sourcedId: string, targetId: string, row: CsvRow | null) => {
    resolved[kind].set(sourcedId, targetId);
    plan.links.push({ kind, sourcedId, targetId, modifiedAt: row?.cells.dateLastModified || null });
  };

  /** The file's rows with a sourcedId seen once, and a status the standard allows. */
  const rowsOf = (file: RosterFile): { row: CsvRow; id: string; deleted: boolean }[] => {
    const seen = new Set<string>();
    const out: { row: CsvRow; id: string; deleted: boolean }[] = [];
    for (const row of rows[file] ?? []) {
      const id = row.cells.sourcedId ?? '';
      const status = (row.cells.status ?? '').toLowerCase();
      if (id === '') refuse(file, row, 'sourcedId', messages.rosterRequired);
      else if (seen.has(id)) refuse(file, row, 'sourcedId', messages.rosterDuplicateId);
      else if (status !== '' && status !== 'active' && status !== 'tobedeleted') refuse(file, row, 'status', messages.rosterBadValue);
      else out.push({ row, id, deleted: status === 'tobedeleted' });
      seen.add(id);
    }
    return out;
  };

  /** The ids of `kind` a bulk file leaves out: they are removed. */
  const leftOut = (file: RosterFile, kind: RosterKind, present: Set<string>) =>
    modes[file] === 'bulk' ? [...state.links[kind]].filter(([sourcedId]) => !present.has(sourcedId)).map(([, id]) => id) : [];

  /**
   * A place, course, grade or section: the linked row updated, else an unlinked one of the
   * same name adopted (what an administrator typed before the first import), else a new one.
   */
  const reference = <R extends RefRow>(
    target: 'places' | 'courses' | 'grades' | 'sections',
    existing: Map<string, R>,
    linkedId: string | undefined,
    sameName: (row: R) => boolean,
    wanted: Record<string, unknown> & { name: string },
    remove: boolean,
  ): string => {
    const adoptable = () => {
      const claimed = new Set(resolved[kindOf[target]].values());
      return [...existing.values()].find((row) => !claimed.has(row.id) && sameName(row));
    };
    const current = (linkedId ? existing.get(linkedId) : undefined) ?? adoptable();
    const counts = plan.counts[target];
    if (!current) {
      const id = uuidv7();
      plan.inserts[target].push({ id, values: { ...wanted, archivedAt: remove ? now : null } });
      counts.created++;
      return id;
    }
    const set: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(wanted)) if ((current as Record<string, unknown>)[key] !== value) set[key] = value;
    if (remove && !current.archivedAt) set.archivedAt = now;
    if (!remove && current.archivedAt) set.archivedAt = null;
    if (Object.keys(set).length === 0) counts.unchanged++;
    else {
      plan.updates[target].push({ id: current.id, values: set });
      if (remove && !current.archivedAt) counts.removed++;
      else counts.updated++;
    }
    return current.id;
  };
  const archive = (target: 'places' | 'courses' | 'sections', existing: Map<string, RefRow>, ids: string[]) => {
    for (const id of ids) {
      const row = existing.get(id);
      if (!row || row.archivedAt) continue;
      plan.updates[target].push({ id, values: { archivedAt: now } });
      plan.counts[target].removed++;
    }
  };

  // Orgs: a school is a place; any other org (a district, a department) stands for the college itself.
  const orgRows = rowsOf('orgs');
  for (const { row, id, deleted } of orgRows) {
    const type = (row.cells.type ?? '').toLowerCase();
    if (!['school', 'district', 'local', 'state', 'national', 'department'].includes(type)) {
      refuse('orgs', row, 'type', messages.rosterBadValue);
      continue;
    }
    if (type !== 'school') {
      link('org', id, state.collegeId, row);
      continue;
    }
    const name = row.cells.name ?? '';
    const linked = state.links.org.get(id);
    const placeId = reference('places', state.places, linked === state.collegeId ? undefined : linked, (p) => fold(p.name) === fold(name), { name }, deleted);
    link('org', id, placeId, row);
  }
  archive('places', state.places, leftOut('orgs', 'org', new Set(orgRows.map((r) => r.id))));
  const orgKnown = (sourcedId: string) => resolved.org.has(sourcedId);
  const placeOfOrg = (sourcedId: string) => {
    const id = resolved.org.get(sourcedId);
    return id && id !== state.collegeId ? id : null;
  };

  // Courses.
  const courseGrades = new Map<string, string>();
  const courseRows = rowsOf('courses');
  for (const { row, id, deleted } of courseRows) {
    const org = row.cells.orgSourcedId ?? '';
    if (!orgKnown(org)) {
      refuse('courses', row, 'orgSourcedId', messages.rosterUnknownOrg);
      continue;
    }
    const name = row.cells.title ?? '';
    const courseId = reference('courses', state.courses, state.links.course.get(id), (c) => fold(c.name) === fold(name), { name }, deleted);
    link('course', id, courseId, row);
    courseGrades.set(id, list(row.cells.grades)[0] ?? '');
  }
  archive('courses', state.courses, leftOut('courses', 'course', new Set(courseRows.map((r) => r.id))));

  // Classes: a section, under the grade of its course named by the class's (or the course's) first grade code.
  const classRows = rowsOf('classes');
  const gradesPlanned = new Set<string>();
  for (const { row, id, deleted } of classRows) {
    const courseSourcedId = row.cells.courseSourcedId ?? '';
    const school = row.cells.schoolSourcedId ?? '';
    const courseId = resolved.course.get(courseSourcedId);
    if (!courseId) {
      refuse('classes', row, 'courseSourcedId', messages.rosterUnknownCourse);
      continue;
    }
    if (!orgKnown(school)) {
      refuse('classes', row, 'schoolSourcedId', messages.rosterUnknownOrg);
      continue;
    }
    const code = list(row.cells.grades)[0] ?? courseGrades.get(courseSourcedId) ?? '';
    const gradeKey = `${courseSourcedId}#${code}`;
    let gradeId = resolved.grade.get(gradeKey);
    if (!gradeId || !gradesPlanned.has(gradeKey)) {
      gradesPlanned.add(gradeKey);
      const course = state.courses.get(courseId);
      const name = code === '' ? (course?.name ?? row.cells.title ?? '') : gradeName(code);
      gradeId = reference(
        'grades',
        state.grades,
        state.links.grade.get(gradeKey),
        (g) => g.courseId === courseId && fold(g.name) === fold(name),
        { name, courseId },
        false,
      );
      link('grade', gradeKey, gradeId, null);
    }
    const sectionId = reference(
      'sections',
      state.sections,
      state.links.class.get(id),
      (s) => s.gradeId === gradeId && fold(s.name) === fold(row.cells.title ?? ''),
      { name: row.cells.title ?? '', gradeId, placeId: placeOfOrg(school) },
      deleted,
    );
    link('class', id, sectionId, row);
  }
  archive('sections', state.sections, leftOut('classes', 'class', new Set(classRows.map((r) => r.id))));

  // Users.
  const members = new Map<string, MemberState>(state.members);
  const emailOwner = new Map<string, string>();
  for (const member of state.members.values()) if (!member.removed) emailOwner.set(member.email, member.id);
  const linkedMembers = new Set(state.links.user.values());
  const agents = new Map<string, string[]>();
  const userRows = rowsOf('users');
  const touched = new Set<string>();
  for (const { row, id, deleted } of userRows) {
    const c = row.cells;
    const role = oneRosterRoles[(c.role ?? '').toLowerCase()];
    if (!role) {
      refuse('users', row, 'role', messages.rosterUnknownRole);
      continue;
    }
    const enabled = (c.enabledUser ?? '').toLowerCase();
    if (enabled !== 'true' && enabled !== 'false') {
      refuse('users', row, 'enabledUser', messages.rosterBadValue);
      continue;
    }
    const orgs = list(c.orgSourcedIds);
    const unknownOrg = orgs.find((org) => !orgKnown(org));
    if (orgs.length === 0 || unknownOrg !== undefined) {
      refuse('users', row, 'orgSourcedIds', orgs.length === 0 ? messages.rosterRequired : messages.rosterUnknownOrg);
      continue;
    }
    const linkedId = state.links.user.get(id);
    const linked = linkedId ? members.get(linkedId) : undefined;
    let email = (c.email ?? '').toLowerCase();
    if (email === '') {
      if (role !== 'student') {
        refuse('users', row, 'email', messages.rosterRequired);
        continue;
      }
      email = linked?.email.endsWith(`@${noEmailDomain}`)
        ? linked.email
        : `${id
            .toLowerCase()
            .replace(/[^a-z0-9._-]/g, '-')
            .slice(0, 60)}@${noEmailDomain}`;
    }
    const checks = [
      ['email', memberFields.shape.email.safeParse(email)],
      ['givenName', memberFields.shape.name.safeParse([c.givenName, c.middleName].filter(Boolean).join(' '))],
      ['familyName', memberFields.shape.first_lastname.safeParse(c.familyName ?? '')],
      [c.phone ? 'phone' : 'sms', memberFields.shape.phone.safeParse(c.phone || c.sms || '')],
    ] as const;
    const failed = checks.find(([, result]) => !result.success);
    if (failed) {
      refuse('users', row, failed[0], failed[1].error?.issues[0]?.message ?? messages.rosterBadValue);
      continue;
    }
    const [email_, name, firstLastname, phone] = checks.map(([, result]) => result.data as string) as [string, string, string, string];
    const adopted = linked && !linked.removed ? linked : undefined;
    const owner = emailOwner.get(email_);
    const target = adopted ?? (owner && !linkedMembers.has(owner) && !touched.has(owner) ? members.get(owner) : undefined);
    if (owner && owner !== target?.id) {
      refuse('users', row, 'email', messages.rosterEmailTaken);
      continue;
    }
    const placeId = orgs.map(placeOfOrg).find((p) => p !== null) ?? null;
    const status = deleted || enabled === 'false' ? 'disabled' : 'active';
    // An administrator in Patio stays one when the SIS lists them as a teacher.
    const nextRole: Role = target?.role === 'admin' && role === 'staff' ? 'admin' : role;
    const id_ = target?.id ?? uuidv7();
    const wanted: MemberState = {
      id: id_,
      role: nextRole,
      status,
      name,
      firstLastname,
      email: email_,
      phone,
      placeId,
      sectionIds: target?.sectionIds ?? [],
      childIds: target?.childIds ?? [],
      removed: false,
    };
    if (target) emailOwner.delete(target.email);
    emailOwner.set(email_, id_);
    members.set(id_, wanted);
    touched.add(id_);
    link('user', id, id_, row);
    if (role === 'guardian' || role === 'student') agents.set(id, list(c.agentSourcedIds));
    const counts = plan.counts.members;
    if (!target) {
      plan.inserts.members.push({ id: id_, values: {} });
      counts.created++;
      continue;
    }
    const set: Record<string, unknown> = {};
    for (const key of ['role', 'status', 'name', 'firstLastname', 'email', 'phone', 'placeId'] as const)
      if (target[key] !== wanted[key]) set[key] = wanted[key];
    if (target.status === 'pending' && status === 'active') set.status = 'active';
    if (status === 'disabled' && target.status !== 'disabled') plan.disabled.push(id_);
    if (Object.keys(set).length === 0) counts.unchanged++;
    else {
      plan.updates.members.push({ id: id_, values: set });
      if (set.status === 'disabled') counts.removed++;
      else counts.updated++;
    }
  }
  for (const id of leftOut('users', 'user', new Set(userRows.map((r) => r.id)))) {
    const member = members.get(id);
    if (!member || member.removed || member.status === 'disabled') continue;
    members.set(id, { ...member, status: 'disabled' });
    plan.updates.members.push({ id, values: { status: 'disabled' } });
    plan.disabled.push(id);
    plan.counts.members.removed++;
  }

  // Guardians and their children, from either side's agentSourcedIds.
  const children = new Map<string, Set<string>>();
  const userRowBySourced = new Map(userRows.map((r) => [r.id, r.row]));
  for (const [sourcedId, agentIds] of agents) {
    const selfId = resolved.user.get(sourcedId)!;
    const self = members.get(selfId)!;
    if (self.role === 'guardian') children.set(selfId, children.get(selfId) ?? new Set());
    for (const agentSourcedId of agentIds) {
      const agentId = resolved.user.get(agentSourcedId);
      const agent = agentId ? members.get(agentId) : undefined;
      if (self.role === 'guardian') {
        if (!agent || agent.role !== 'student') {
          refuse('users', userRowBySourced.get(sourcedId)!, 'agentSourcedIds', messages.rosterChildMissing);
          continue;
        }
        children.get(selfId)!.add(agent.id);
      } else if (agent?.role === 'guardian') {
        // A student names a guardian: the guardian's row, in the file or not, gets the child.
        const theirs = children.get(agent.id) ?? new Set(userRowBySourced.has(agentSourcedId) ? [] : agent.childIds);
        theirs.add(selfId);
        children.set(agent.id, theirs);
      }
    }
  }

  // Enrollments: a member's sections that came from the roster follow the file.
  const rosterSections = new Set(resolved.class.values());
  const added = new Map<string, Set<string>>();
  const ended = new Map<string, Set<string>>();
  const enrollmentRows = rowsOf('enrollments');
  for (const { row, deleted } of enrollmentRows) {
    const sectionId = resolved.class.get(row.cells.classSourcedId ?? '');
    const memberId = resolved.user.get(row.cells.userSourcedId ?? '');
    if (!sectionId) refuse('enrollments', row, 'classSourcedId', messages.rosterUnknownClass);
    else if (!memberId || !members.has(memberId)) refuse('enrollments', row, 'userSourcedId', messages.rosterUnknownUser);
    else if (!orgKnown(row.cells.schoolSourcedId ?? '')) refuse('enrollments', row, 'schoolSourcedId', messages.rosterUnknownOrg);
    else if (!['administrator', 'aide', 'guardian', 'parent', 'proctor', 'relative', 'student', 'teacher'].includes((row.cells.role ?? '').toLowerCase()))
      refuse('enrollments', row, 'role', messages.rosterBadValue);
    else {
      const into = deleted ? ended : added;
      (into.get(memberId) ?? into.set(memberId, new Set()).get(memberId)!).add(sectionId);
    }
  }
  const before = new Map([...members].map(([id, m]) => [id, m.sectionIds]));
  const nextSections = new Map<string, string[]>();
  const enrollments = plan.counts.enrollments;
  if (modes.enrollments !== 'absent') {
    for (const member of members.values()) {
      if (member.removed) continue;
      const current = new Set(member.sectionIds);
      const next =
        modes.enrollments === 'bulk'
          ? new Set([...current].filter((id) => !rosterSections.has(id)).concat([...(added.get(member.id) ?? [])]))
          : new Set([...current, ...(added.get(member.id) ?? [])].filter((id) => !ended.get(member.id)?.has(id)));
      nextSections.set(member.id, [...next].sort());
    }
  }
  // A guardian keeps their own sections and follows their children's (server/audience/guardians.ts).
  const sectionsOf = (id: string) => nextSections.get(id) ?? members.get(id)?.sectionIds ?? [];
  for (const member of members.values()) {
    if (member.role !== 'guardian' || member.removed) continue;
    // Only guardians the import concerns: named by the file, or a child's sections changed.
    const childMoved = (id: string) => nextSections.has(id) && nextSections.get(id)!.join() !== [...(before.get(id) ?? [])].sort().join();
    if (!children.has(member.id) && !member.childIds.some(childMoved)) continue;
    const kids = children.has(member.id) ? [...children.get(member.id)!].sort() : member.childIds;
    const formerChildSections = new Set(member.childIds.flatMap((id) => before.get(id) ?? []));
    const own = sectionsOf(member.id).filter((id) => !formerChildSections.has(id));
    const next = [...new Set([...own, ...kids.flatMap(sectionsOf)])].sort();
    nextSections.set(member.id, next);
    if (kids.join() !== [...member.childIds].sort().join()) members.set(member.id, { ...member, childIds: kids });
  }

  // Enrollments counted for members who enrol themselves (a guardian's sections follow their children's).
  for (const [id, next] of nextSections) {
    if (members.get(id)?.role === 'guardian') continue;
    const was = new Set(before.get(id) ?? []);
    const now_ = new Set(next);
    for (const sectionId of now_) {
      if (!was.has(sectionId)) enrollments.created++;
      else if (rosterSections.has(sectionId)) enrollments.unchanged++;
    }
    for (const sectionId of was) if (!now_.has(sectionId)) enrollments.removed++;
  }

  // Sections and children into the members' rows.
  const updateOf = new Map(plan.updates.members.map((u) => [u.id, u]));
  const insertOf = new Map(plan.inserts.members.map((u) => [u.id, u]));
  for (const member of members.values()) {
    const original = state.members.get(member.id);
    const sectionIds = nextSections.get(member.id) ?? member.sectionIds;
    const childIds = member.childIds;
    const insert = insertOf.get(member.id);
    if (insert) {
      insert.values = {
        role: member.role,
        status: member.status,
        name: member.name,
        firstLastname: member.firstLastname,
        email: member.email,
        phone: member.phone,
        placeId: member.placeId,
        sectionIds,
        childIds,
      };
      if (sectionIds.length > 0) plan.sections.set(member.id, sectionIds);
      continue;
    }
    if (!original) continue;
    const same = (a: readonly string[], b: readonly string[]) => [...a].sort().join() === [...b].sort().join();
    const sectionsChanged = !same(sectionIds, original.sectionIds);
    const childrenChanged = !same(childIds, original.childIds);
    if (!sectionsChanged && !childrenChanged) continue;
    let update = updateOf.get(member.id);
    if (!update) {
      update = { id: member.id, values: {} };
      plan.updates.members.push(update);
      updateOf.set(member.id, update);
      if (touched.has(member.id)) {
        plan.counts.members.unchanged--;
        plan.counts.members.updated++;
      } else plan.counts.members.updated++;
    }
    if (sectionsChanged) {
      update.values.sectionIds = sectionIds;
      plan.sections.set(member.id, sectionIds);
    }
    if (childrenChanged) update.values.childIds = childIds;
  }
  return plan;
}

const kindOf = { places: 'org', courses: 'course', grades: 'grade', sections: 'class' } as const satisfies Record<string, RosterKind>;
