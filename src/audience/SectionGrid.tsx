import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { Section } from '../../contract/college';
import { FieldError } from '../ui/FieldError';
import { sectionLabel, sectionsOfCourse, type CourseGroup } from './audienceGroups';

export interface SectionGridProps {
  groups: readonly CourseGroup[];
  chosen: ReadonlySet<string>;
  onChange: (sectionIds: Set<string>) => void;
  error?: string | undefined;
}

/**
 * The sections in school order, one row per grade ("4° Básico | A | B"), under their course
 * ("Básica"). A grade's (or course's) own box ticks or clears its every section, and shows
 * "some" (mixed) when only part of them are chosen.
 */
export function SectionGrid({ groups, chosen, onChange, error }: SectionGridProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const setMany = (sections: readonly Section[], on: boolean) => {
    const next = new Set(chosen);
    for (const section of sections) {
      if (on) next.add(section.id);
      else next.delete(section.id);
    }
    onChange(next);
  };
  return (
    <fieldset
      className="audience-fieldset"
      data-field="section_ids grade_ids course_ids"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="field-label">
        <Trans>Grades and sections</Trans>
      </legend>
      {groups.length === 0 ? (
        <p className="field-hint">
          <Trans>This school has no grades or sections yet.</Trans>
        </p>
      ) : (
        groups.map((group, courseIndex) => {
          const courseId = `${id}-c${courseIndex}`;
          return (
            <div key={group.course.id} className="audience-course" role="group" aria-labelledby={courseId}>
              <div className="audience-row">
                <WholeChip labelId={courseId} name={group.course.name} sections={sectionsOfCourse(group)} chosen={chosen} onChange={setMany} course />
              </div>
              {group.grades.map(({ grade, sections }, gradeIndex) => {
                const gradeId = `${courseId}-g${gradeIndex}`;
                return (
                  <div key={grade.id} className="audience-row" role="group" aria-labelledby={gradeId}>
                    <WholeChip labelId={gradeId} name={grade.name} sections={sections} chosen={chosen} onChange={setMany} />
                    {sections.map((section) => (
                      <label key={section.id} className="audience-chip">
                        <input
                          type="checkbox"
                          name="section_ids"
                          value={section.id}
                          aria-label={sectionLabel(grade, section)}
                          checked={chosen.has(section.id)}
                          onChange={(event) => setMany([section], event.target.checked)}
                        />
                        <bdi>{section.name}</bdi>
                      </label>
                    ))}
                  </div>
                );
              })}
            </div>
          );
        })
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}

/**
 * A grade or a course as one choice: ticked when all its sections are, mixed when some are.
 * Its visible name is the group's label; its accessible name says it takes every section.
 */
function WholeChip({
  labelId,
  name,
  sections,
  chosen,
  onChange,
  course = false,
}: {
  labelId: string;
  name: string;
  sections: readonly Section[];
  chosen: ReadonlySet<string>;
  onChange: (sections: readonly Section[], on: boolean) => void;
  course?: boolean;
}) {
  const { t } = useLingui();
  const count = sections.filter((section) => chosen.has(section.id)).length;
  const all = count === sections.length;
  return (
    <label className={course ? 'audience-chip audience-chip-whole audience-chip-course' : 'audience-chip audience-chip-whole'}>
      <input
        type="checkbox"
        aria-label={t`All of ${name}`}
        checked={all}
        ref={(input) => {
          if (input) input.indeterminate = count > 0 && !all;
        }}
        onChange={() => onChange(sections, !all)}
      />
      <bdi id={labelId}>{name}</bdi>
    </label>
  );
}
