import { Trans, useLingui } from '@lingui/react/macro';
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useMemo, useState, type ComponentType } from 'react';
import { can } from '../../../contract/permissions';
import { useDb } from '../../db/DbProvider';
import { loadSections } from '../../modules/uiModule';
import { useUiModules } from '../../modules/UiModules';
import { useSession } from '../../session/session';
import { usePendingStates } from '../../sync/hooks';
import { BackTo, LoadingState } from '../../ui/ScreenStates';
import type { ItemSyncState } from '../../ui/SyncStateBadge';
import { useAskedSearchParams } from '../../ui/useAskedSearchParams';
import { StructureView, type StructureActions } from './StructureView';
import { structureTree } from './structureTree';
import * as writes from './structureWrites';
import { saveOnDevice } from '../../forms/localSave';

/**
 * `/admin/structure` (administrators): reads the structure live from the device and writes
 * through the outbox. `?archived=1` shows archived items (the other features' lists on the
 * screen read the same parameter). Other features add their lists through
 * `UiModule.structure` (the posts feature's categories).
 */
export function StructureScreen() {
  const { t, i18n } = useLingui();
  const { user } = useSession();
  const db = useDb();
  const [params, setParams] = useAskedSearchParams();
  const showArchived = params.get('archived') === '1';
  const modules = useUiModules();
  const [sections, setSections] = useState<ComponentType[] | null>(null);
  useEffect(() => {
    let live = true;
    void loadSections(modules, 'structure').then((loaded) => live && setSections(loaded));
    return () => {
      live = false;
    };
  }, [modules]);
  const rows = useLiveQuery(async () => {
    const [places, courses, grades, sections] = await Promise.all([db.places.toArray(), db.courses.toArray(), db.grades.toArray(), db.sections.toArray()]);
    return { places, courses, grades, sections };
  }, [db]);
  const pendingPlaces = usePendingStates('places');
  const pendingCourses = usePendingStates('courses');
  const pendingGrades = usePendingStates('grades');
  const pendingSections = usePendingStates('sections');
  const pending = useMemo(
    () => new Map<string, ItemSyncState>([...pendingPlaces, ...pendingCourses, ...pendingGrades, ...pendingSections]),
    [pendingPlaces, pendingCourses, pendingGrades, pendingSections],
  );
  const tree = useMemo(() => (rows ? structureTree(rows, showArchived) : null), [rows, showArchived]);

  if (!user || !can(user.role, 'structure.manage')) {
    return (
      <BackTo to="/app" linkLabel={<Trans>Back to home</Trans>}>
        <Trans>Only administrators can manage the school structure.</Trans>
      </BackTo>
    );
  }
  if (!tree || !rows || !sections) return <LoadingState label={t`Loading…`} />;

  const run = async (change: () => Promise<unknown>) => {
    await saveOnDevice(change, i18n);
  };
  const siblingsOf = (kind: 'courses' | 'grades', id: string) =>
    kind === 'courses'
      ? tree.courses.map(({ course }) => course)
      : (tree.courses.find(({ grades }) => grades.some(({ grade }) => grade.id === id))?.grades.map(({ grade }) => grade) ?? []);
  const actions: StructureActions = {
    addPlace: (name, address) => run(() => writes.createPlace(db, name, address)),
    editPlace: (id, name, address) => void run(() => writes.updatePlace(db, id, name, address)),
    addCourse: (name) => run(() => writes.createCourse(db, name)),
    addGrade: (courseId, name) => void run(() => writes.createGrade(db, courseId, name)),
    addSection: (gradeId, name, placeId) => void run(() => writes.createSection(db, gradeId, name, placeId)),
    rename: (kind, id, name) => void run(() => writes.rename(db, kind, id, name)),
    editSection: (id, name, placeId) => void run(() => writes.updateSection(db, id, name, placeId)),
    archive: (kind, id, archived) => void run(() => writes.archive(db, kind, id, archived)),
    // The order shown (archived ones included only when shown) is the order sent.
    move: (kind, id, by) => void run(() => writes.move(db, kind, siblingsOf(kind, id), id, by)),
  };
  const onShowArchived = (show: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (show) next.set('archived', '1');
        else next.delete('archived');
        return next;
      },
      { replace: true },
    );
  return (
    <StructureView
      tree={tree}
      allPlaces={rows.places}
      showArchived={showArchived}
      onShowArchived={onShowArchived}
      pending={pending}
      actions={actions}
      more={sections.map((Section, i) => (
        <Section key={i} />
      ))}
    />
  );
}
