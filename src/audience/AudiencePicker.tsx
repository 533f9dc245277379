import './audience.css';
import { Trans, useLingui } from '@lingui/react/macro';
import type { FieldErrors } from '../forms/fieldErrors';
import { pruneAudience, type AudienceChoice, type AudienceOptions } from './audienceChoice';
import { CheckboxGroup } from './CheckboxGroup';

export interface AudiencePickerProps<T extends AudienceChoice> {
  audience: AudienceOptions;
  values: T;
  errors: FieldErrors;
  onChange: (values: T) => void;
}

/**
 * Who an item is for, shared by posts, events, notifications and documents: courses →
 * grades of the chosen courses → sections of the chosen grades (spec §5).
 */
export function AudiencePicker<T extends AudienceChoice>({ audience, values, errors, onChange }: AudiencePickerProps<T>) {
  const { t } = useLingui();
  const courseName = new Map(audience.courses.map((course) => [course.id, course.name]));
  const gradeName = new Map(audience.grades.map((grade) => [grade.id, grade.name]));
  const grades = audience.grades.filter((grade) => values.course_ids.includes(grade.course_id));
  const sections = audience.sections.filter((section) => values.grade_ids.includes(section.grade_id));
  const set = (patch: Partial<AudienceChoice>) => onChange(pruneAudience({ ...values, ...patch }, audience));
  return (
    <div className="audience-picker">
      <CheckboxGroup
        legend={t`Courses`}
        name="course_ids"
        options={audience.courses.map((course) => ({ id: course.id, label: course.name }))}
        selected={values.course_ids}
        onChange={(course_ids) => set({ course_ids })}
        error={errors.course_ids}
        empty={<Trans>No courses yet.</Trans>}
      />
      <CheckboxGroup
        legend={t`Grades`}
        name="grade_ids"
        options={grades.map((grade) => ({ id: grade.id, label: grade.name, detail: courseName.get(grade.course_id) }))}
        selected={values.grade_ids}
        onChange={(grade_ids) => set({ grade_ids })}
        error={errors.grade_ids}
        empty={<Trans>Choose a course first.</Trans>}
      />
      <CheckboxGroup
        legend={t`Sections`}
        name="section_ids"
        options={sections.map((section) => ({ id: section.id, label: section.name, detail: gradeName.get(section.grade_id) }))}
        selected={values.section_ids}
        onChange={(section_ids) => set({ section_ids })}
        error={errors.section_ids}
        empty={<Trans>Choose a grade first.</Trans>}
      />
    </div>
  );
}
