import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type ReactNode } from 'react';
import type { Grade, Place, Section } from '../../../contract/college';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { AddItemForm, EditNameDialog, ManagedRow } from '../../ui/ManagedList';
import { Select } from '../../ui/Select';
import type { ItemSyncState } from '../../ui/SyncStateBadge';
import { TextField } from '../../ui/TextField';
import type { StructureKind } from './structureWrites';
import type { StructureTree } from './structureTree';

export interface StructureActions {
  addPlace(name: string, address: string): Promise<void>;
  editPlace(id: string, name: string, address: string): void;
  addCourse(name: string): Promise<void>;
  addGrade(courseId: string, name: string): void;
  addSection(gradeId: string, name: string, placeId: string | null): void;
  rename(kind: 'courses' | 'grades', id: string, name: string): void;
  editSection(id: string, name: string, placeId: string | null): void;
  archive(kind: StructureKind, id: string, archived: boolean): void;
  move(kind: 'courses' | 'grades', id: string, by: -1 | 1): void;
}

export interface StructureViewProps {
  tree: StructureTree;
  /** Every place, archived too: a section's place keeps its name. */
  allPlaces: readonly Place[];
  showArchived: boolean;
  onShowArchived: (show: boolean) => void;
  pending: ReadonlyMap<string, ItemSyncState>;
  actions: StructureActions;
  /** Other features' lists (post categories), below. */
  more: ReactNode;
}

/** A name inside a sentence keeps its own direction ("2° Básico" in an Arabic title): Unicode isolates. */
const isolated = (name: string) => `\u2068${name}\u2069`;

type Editing =
  | { kind: 'place'; place?: Place }
  | { kind: 'course'; id: string; name: string }
  | { kind: 'grade'; id?: string; courseId: string; courseName: string; name: string }
  | { kind: 'section'; section?: Section; grade: Grade };

/** The administrators' structure screen: places, then courses with their grades and sections. */
export function StructureView({ tree, allPlaces, showArchived, onShowArchived, pending, actions, more }: StructureViewProps) {
  const { t } = useLingui();
  const [editing, setEditing] = useState<Editing | null>(null);
  const placeName = new Map(allPlaces.map((place) => [place.id, place.name]));
  const close = () => setEditing(null);
  return (
    <div className="structure-screen">
      <header className="structure-header">
        <h1>
          <Trans>School structure</Trans>
        </h1>
        <p className="muted">
          <Trans>Places, courses, grades, sections and post categories. Archived items keep what points at them but are not offered for anything new.</Trans>
        </p>
        <Checkbox label={t`Show archived`} checked={showArchived} onChange={(event) => onShowArchived(event.target.checked)} />
      </header>

      <section className="managed-section" aria-labelledby="structure-places">
        <h2 id="structure-places">
          <Trans>Places</Trans>
        </h2>
        <ul className="managed-list">
          {tree.places.map((place) => (
            <ManagedRow
              key={place.id}
              name={place.name}
              detail={place.address ? <bdi dir="auto">{place.address}</bdi> : undefined}
              archived={place.archived === true}
              state={pending.get(place.id)}
              onEdit={() => setEditing({ kind: 'place', place })}
              onArchive={(archived) => actions.archive('places', place.id, archived)}
            />
          ))}
        </ul>
        <Button variant="secondary" onClick={() => setEditing({ kind: 'place' })}>
          <Trans>Add place</Trans>
        </Button>
      </section>

      <section className="managed-section" aria-labelledby="structure-courses">
        <h2 id="structure-courses">
          <Trans>Courses, grades and sections</Trans>
        </h2>
        <ul className="managed-list">
          {tree.courses.map(({ course, grades }, courseIndex) => (
            <ManagedRow
              key={course.id}
              name={course.name}
              archived={course.archived === true}
              state={pending.get(course.id)}
              move={{ first: courseIndex === 0, last: courseIndex === tree.courses.length - 1, onMove: (by) => actions.move('courses', course.id, by) }}
              onEdit={() => setEditing({ kind: 'course', id: course.id, name: course.name })}
              onArchive={(archived) => actions.archive('courses', course.id, archived)}
            >
              <ul className="managed-list">
                {grades.map(({ grade, sections }, gradeIndex) => (
                  <ManagedRow
                    key={grade.id}
                    name={grade.name}
                    archived={grade.archived === true}
                    state={pending.get(grade.id)}
                    move={{ first: gradeIndex === 0, last: gradeIndex === grades.length - 1, onMove: (by) => actions.move('grades', grade.id, by) }}
                    onEdit={() => setEditing({ kind: 'grade', id: grade.id, courseId: course.id, courseName: course.name, name: grade.name })}
                    onArchive={(archived) => actions.archive('grades', grade.id, archived)}
                  >
                    <ul className="managed-list">
                      {sections.map((section) => (
                        <ManagedRow
                          key={section.id}
                          name={section.name}
                          detail={section.place_id ? placeName.get(section.place_id) : undefined}
                          archived={section.archived === true}
                          state={pending.get(section.id)}
                          onEdit={() => setEditing({ kind: 'section', section, grade })}
                          onArchive={(archived) => actions.archive('sections', section.id, archived)}
                        />
                      ))}
                    </ul>
                    <AddButton what="section" to={isolated(grade.name)} onClick={() => setEditing({ kind: 'section', grade })} />
                  </ManagedRow>
                ))}
              </ul>
              <AddButton
                what="grade"
                to={isolated(course.name)}
                onClick={() => setEditing({ kind: 'grade', courseId: course.id, courseName: course.name, name: '' })}
              />
            </ManagedRow>
          ))}
        </ul>
        <AddItemForm label={t`New course`} button={t`Add course`} onAdd={(name) => actions.addCourse(name)} />
      </section>

      {more}
      {editing ? <EditDialog editing={editing} places={allPlaces} actions={actions} onClose={close} /> : null}
    </div>
  );
}

/** "Add grade to Básica", "Add section to 4° Básico". */
function AddButton({ what, to, onClick }: { what: 'grade' | 'section'; to: string; onClick: () => void }) {
  return (
    <Button variant="ghost" className="structure-add" onClick={onClick}>
      {what === 'grade' ? <Trans>Add grade to {to}</Trans> : <Trans>Add section to {to}</Trans>}
    </Button>
  );
}

function EditDialog({ editing, places, actions, onClose }: { editing: Editing; places: readonly Place[]; actions: StructureActions; onClose: () => void }) {
  const { t } = useLingui();
  const [address, setAddress] = useState(editing.kind === 'place' ? (editing.place?.address ?? '') : '');
  const [placeId, setPlaceId] = useState(editing.kind === 'section' ? (editing.section?.place_id ?? '') : '');
  switch (editing.kind) {
    case 'place': {
      const { place } = editing;
      return (
        <EditNameDialog
          title={place ? t`Edit place` : t`New place`}
          initialName={place?.name ?? ''}
          onClose={onClose}
          onSave={(name) => (place ? actions.editPlace(place.id, name, address.trim()) : void actions.addPlace(name, address.trim()))}
        >
          <TextField label={t`Address`} name="address" value={address} maxLength={200} valueDir="auto" onChange={(event) => setAddress(event.target.value)} />
        </EditNameDialog>
      );
    }
    case 'course':
      return (
        <EditNameDialog title={t`Rename course`} initialName={editing.name} onClose={onClose} onSave={(name) => actions.rename('courses', editing.id, name)} />
      );
    case 'grade': {
      const { id, courseId } = editing;
      const courseName = isolated(editing.courseName);
      return (
        <EditNameDialog
          title={id ? t`Rename grade` : t`New grade in ${courseName}`}
          initialName={editing.name}
          onClose={onClose}
          onSave={(name) => (id ? actions.rename('grades', id, name) : actions.addGrade(courseId, name))}
        />
      );
    }
    case 'section': {
      const { section, grade } = editing;
      const gradeName = isolated(grade.name);
      const chosen = placeId || null;
      // An archived place stays listed for the section that has it, so saving keeps it.
      const options = [
        { value: '', label: t`No place` },
        ...places.filter((place) => !place.archived || place.id === section?.place_id).map((place) => ({ value: place.id, label: place.name })),
      ];
      return (
        <EditNameDialog
          title={section ? t`Edit section of ${gradeName}` : t`New section in ${gradeName}`}
          initialName={section?.name ?? ''}
          onClose={onClose}
          onSave={(name) => (section ? actions.editSection(section.id, name, chosen) : actions.addSection(grade.id, name, chosen))}
        >
          <Select label={t`Place`} options={options} value={placeId} onChange={(event) => setPlaceId(event.target.value)} />
        </EditNameDialog>
      );
    }
  }
}
