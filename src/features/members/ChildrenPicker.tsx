import { Trans, useLingui } from '@lingui/react/macro';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import type { MemberRow } from '../../../contract/members';
import { CloseIcon } from '../../ui/icons';
import { FieldError } from '../../ui/FieldError';
import { filterMembers, fullName, noFilters, prepareMembers } from './memberList';

export interface ChildrenPickerProps {
  /** The college's student members (from the device's copy). */
  students: readonly MemberRow[];
  value: readonly string[];
  onChange: (ids: string[]) => void;
  error?: string | undefined;
  /** Section labels by id, to show what the guardian gets through each child. */
  sectionLabel: (id: string) => string | undefined;
}

/** A guardian's children: search the students by name, email or rut, pick, remove. */
export function ChildrenPicker({ students, value, onChange, error, sectionLabel }: ChildrenPickerProps) {
  const { t } = useLingui();
  const id = useId();
  const [q, setQ] = useState('');
  const deferred = useDeferredValue(q);
  const prepared = useMemo(() => prepareMembers(students), [students]);
  const byId = useMemo(() => new Map(students.map((row) => [row.id, row])), [students]);
  const matches = useMemo(
    () =>
      deferred.trim()
        ? filterMembers(prepared, { ...noFilters, q: deferred })
            .filter((row) => !value.includes(row.id))
            .slice(0, 8)
        : [],
    [prepared, deferred, value],
  );
  const chosen = value.map((childId) => byId.get(childId)).filter((row): row is MemberRow => row !== undefined);
  const inherited = [...new Set(chosen.flatMap((child) => child.section_ids))].map(sectionLabel).filter(Boolean).join(', ');

  return (
    <fieldset className="field member-children" data-field="child_ids">
      <legend className="field-label">
        <Trans>Children</Trans>
      </legend>
      {chosen.length > 0 ? (
        <ul className="member-chips">
          {chosen.map((child) => {
            const childName = fullName(child);
            return (
              <li key={child.id} className="member-chip">
                <span dir="auto">{childName}</span>
                <button
                  type="button"
                  className="member-chip-remove"
                  aria-label={t`Remove ${childName}`}
                  onClick={() => onChange(value.filter((v) => v !== child.id))}
                >
                  <CloseIcon width={16} height={16} />
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">
          <Trans>No children chosen yet.</Trans>
        </p>
      )}
      <label htmlFor={`${id}-search`} className="visually-hidden">
        {t`Find a student`}
      </label>
      <input
        id={`${id}-search`}
        className="input"
        type="search"
        autoComplete="off"
        placeholder={t`Find a student by name, email or RUT`}
        value={q}
        dir={q ? 'auto' : undefined}
        onChange={(event) => setQ(event.target.value)}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {matches.length > 0 ? (
        <ul className="member-matches" aria-label={t`Students found`}>
          {matches.map((student) => (
            <li key={student.id}>
              <button
                type="button"
                className="member-match"
                onClick={() => {
                  onChange([...value, student.id]);
                  setQ('');
                }}
              >
                <span dir="auto">{fullName(student)}</span>
                {student.rut ? (
                  <span className="muted" dir="ltr">
                    {student.rut}
                  </span>
                ) : null}
              </button>
            </li>
          ))}
        </ul>
      ) : deferred.trim() ? (
        <p className="muted">
          <Trans>No student matches this search.</Trans>
        </p>
      ) : null}
      {inherited ? (
        <p className="field-hint">
          <Trans>Through their children they belong to: {inherited}</Trans>
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
