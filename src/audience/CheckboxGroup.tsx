import { Trans, useLingui } from '@lingui/react/macro';
import { useId, type ReactNode } from 'react';
import { FieldError } from '../ui/FieldError';

export interface CheckboxOption {
  id: string;
  label: string;
  /** A short context shown after the label ("1° Básico" → "Básica"). */
  detail?: string | undefined;
}

export interface CheckboxGroupProps {
  legend: string;
  name: string;
  options: readonly CheckboxOption[];
  selected: readonly string[];
  onChange: (selected: string[]) => void;
  error?: string | undefined;
  /** Shown instead of the options when there are none (e.g. "choose a course first"). */
  empty: ReactNode;
}

/** A labelled group of checkboxes with "select all" / "clear" helpers; its error is announced. */
export function CheckboxGroup({ legend, name, options, selected, onChange, error, empty }: CheckboxGroupProps) {
  const { t } = useLingui();
  const id = useId();
  const errorId = `${id}-error`;
  const chosen = new Set(selected);
  const allChosen = options.length > 0 && options.every((option) => chosen.has(option.id));
  const toggle = (optionId: string, on: boolean) =>
    onChange(on ? [...selected, optionId] : selected.filter((value) => value !== optionId));
  const setAll = (on: boolean) => {
    const ids = new Set(options.map((option) => option.id));
    onChange(on ? Array.from(new Set([...selected, ...ids])) : selected.filter((value) => !ids.has(value)));
  };
  return (
    <fieldset className="checkbox-group" aria-invalid={error ? true : undefined} aria-describedby={error ? errorId : undefined} data-field={name}>
      <legend className="field-label">{legend}</legend>
      {options.length === 0 ? (
        <p className="muted checkbox-group-empty">{empty}</p>
      ) : (
        <>
          <div className="checkbox-group-actions">
            <button
              type="button"
              className="link-button"
              aria-label={allChosen ? t`Clear all: ${legend}` : t`Select all: ${legend}`}
              onClick={() => setAll(!allChosen)}
            >
              {allChosen ? <Trans>Clear all</Trans> : <Trans>Select all</Trans>}
            </button>
          </div>
          <ul className="checkbox-group-list">
            {options.map((option) => (
              <li key={option.id}>
                <label className="checkbox-option">
                  <input
                    type="checkbox"
                    name={name}
                    value={option.id}
                    checked={chosen.has(option.id)}
                    onChange={(event) => toggle(option.id, event.target.checked)}
                  />
                  <span>
                    {option.label}
                    {option.detail ? <span className="muted checkbox-detail"> · {option.detail}</span> : null}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </>
      )}
      <FieldError id={errorId} message={error} />
    </fieldset>
  );
}
