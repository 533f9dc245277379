import { Trans, useLingui } from '@lingui/react/macro';
import { useId } from 'react';
import type { AudienceScope } from '../../contract/audience';
import { FieldError } from '../ui/FieldError';

export interface ScopeChoiceProps {
  scope: AudienceScope;
  onChange: (scope: AudienceScope) => void;
  error?: string | undefined;
}

/** Who, in one choice: the whole school, people of chosen grades, or staff only. */
export function ScopeChoice({ scope, onChange, error }: ScopeChoiceProps) {
  const { t } = useLingui();
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const options: { value: AudienceScope; label: string }[] = [
    { value: 'college', label: t`Everyone in the school` },
    { value: 'everyone', label: t`Families and students of chosen grades` },
    { value: 'guardians', label: t`Families of chosen grades` },
    { value: 'students', label: t`Students of chosen grades` },
    { value: 'staff', label: t`Staff only` },
  ];
  return (
    <fieldset
      className="audience-fieldset"
      data-field="scope"
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? `${hintId} ${errorId}` : hintId}
    >
      <legend className="field-label">
        <Trans>Who is it for?</Trans>
      </legend>
      <div className="audience-scopes">
        {options.map((option) => (
          <label key={option.value} className="audience-scope">
            <input type="radio" name="scope" value={option.value} checked={scope === option.value} onChange={() => onChange(option.value)} />
            <span>{option.label}</span>
          </label>
        ))}
      </div>
      <p id={hintId} className="field-hint">
        <Trans>Staff and administrators can read everything addressed to grades and sections.</Trans>
      </p>
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
