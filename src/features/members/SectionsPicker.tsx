import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { FieldError } from '../../ui/FieldError';
import type { SectionOption } from './memberQueries';

export interface SectionsPickerProps {
  sections: readonly SectionOption[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  legend: string;
  hint?: string | undefined;
  error?: string | undefined;
}

/** Sections as "4° Básico A" in school order, as checkboxes (a student's section, a teacher's classes). */
export function SectionsPicker({ sections, value, onChange, legend, hint, error }: SectionsPickerProps) {
  const id = useId();
  const chosen = new Set(value);
  return (
    <fieldset className="field member-sections" data-field="section_ids" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">{legend}</legend>
      {hint ? <p className="field-hint">{hint}</p> : null}
      {sections.length === 0 ? (
        <p className="muted">
          <Trans>This school has no sections yet.</Trans>
        </p>
      ) : (
        <div className="member-section-grid">
          {sections.map((section) => (
            <label key={section.id} className="member-section-option">
              <input
                type="checkbox"
                checked={chosen.has(section.id)}
                onChange={(event) => onChange(event.target.checked ? [...value, section.id] : value.filter((v) => v !== section.id))}
              />
              <span>{section.label}</span>
            </label>
          ))}
        </div>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
