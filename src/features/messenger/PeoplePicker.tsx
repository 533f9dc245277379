import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import type { PersonRow } from '../../../contract/messenger';
import { can } from '../../../contract/permissions';
import { useSession } from '../../session/session';
import { FormAlert } from '../../ui/FormAlert';
import { Spinner } from '../../ui/Spinner';
import { peopleTheRuleAllows } from './peopleByRule';
import { RoleName } from './RoleName';
import { useMessengerRules } from './useMessengerRules';
import { usePeople } from './usePeople';

export interface PeoplePickerProps {
  purpose: 'direct' | 'group';
  onPick: (person: PersonRow) => void;
  /** People already chosen (or members already): not offered again. */
  exclude?: ReadonlySet<string>;
  /** The search field's label ("Find a person"). */
  label: string;
  autoFocus?: boolean;
}

/**
 * Finds people on the server (online only: the device keeps no directory of everyone) and
 * offers each as a button with their role and sections, so two namesakes are told apart.
 * Only those the school's rule (synced to the device) lets me write to are offered: for a
 * conversation of two, and for a group made by someone who may not make groups.
 */
export function PeoplePicker({ purpose, onPick, exclude, label, autoFocus }: PeoplePickerProps) {
  const { t } = useLingui();
  const id = useId();
  const [q, setQ] = useState('');
  const { people, loading, error, online } = usePeople(q, purpose);
  const { user } = useSession();
  const rules = useMessengerRules();
  const byRule = purpose === 'direct' || !can(user?.role, 'messenger.groups.create');
  const allowed = !byRule ? (people ?? []) : user && rules ? peopleTheRuleAllows(people ?? [], user.role, rules) : [];
  const shown = allowed.filter((person) => !exclude?.has(person.id));
  const input = useRef<HTMLInputElement>(null);
  // The picked person leaves the results, so the old search would only say "Nobody found":
  // start a fresh one, with the cursor still in the field for the next name.
  const pick = (person: PersonRow) => {
    setQ('');
    input.current?.focus();
    onPick(person);
  };
  return (
    <div className="people-picker">
      <label htmlFor={`${id}-search`} className="field-label">
        {label}
      </label>
      <input
        ref={input}
        id={`${id}-search`}
        className="input"
        type="search"
        autoComplete="off"
        autoFocus={autoFocus}
        placeholder={t`Name`}
        value={q}
        dir={q ? 'auto' : undefined}
        onChange={(event) => setQ(event.target.value)}
      />
      {!online ? (
        <p className="muted" role="status">
          <Trans>Finding people needs a connection. Your conversations on this device still work offline.</Trans>
        </p>
      ) : error ? (
        <FormAlert message={error} />
      ) : loading && people === undefined ? (
        <p className="muted people-picker-loading" role="status">
          <Spinner />
          <Trans>Searching…</Trans>
        </p>
      ) : shown.length === 0 ? (
        <p className="muted" role="status">
          <Trans>Nobody found.</Trans>
        </p>
      ) : (
        <ul className="people-list" aria-label={t`People found`}>
          {shown.map((person) => (
            <li key={person.id}>
              <button type="button" className="people-option" onClick={() => pick(person)}>
                <span className="people-option-name">
                  <bdi>{person.name}</bdi>
                </span>
                <span className="muted people-option-meta">
                  <RoleName role={person.role} />
                  {person.sections.length > 0 ? <bdi> · {person.sections.join(', ')}</bdi> : null}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
