import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { auditKinds, type AuditKind } from '../../../contract/audit';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';
import { TextField } from '../../ui/TextField';
import { kindLabels } from './auditTexts';

/** The screen's filters as the address and the routes carry them ('' for none). */
export interface AuditFilters {
  member: string;
  actor: string;
  kind: AuditKind | '';
  from: string;
  to: string;
}

export const noFilters: AuditFilters = { member: '', actor: '', kind: '', from: '', to: '' };

export interface AuditFiltersFormProps {
  filters: AuditFilters;
  onApply: (filters: AuditFilters) => void;
}

/** Member, actor, kind and days; applied together, so a half-typed name does not fetch a page per letter. */
export function AuditFiltersForm({ filters, onApply }: AuditFiltersFormProps) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState(filters);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onApply({ ...draft, member: draft.member.trim(), actor: draft.actor.trim() });
  };
  const kindOptions = [{ value: '', label: t`Every kind` }, ...auditKinds.map((kind) => ({ value: kind, label: i18n._(kindLabels[kind]) }))];
  return (
    <form className="card audit-filters" role="search" aria-label={t`Filter the audit trail`} onSubmit={submit}>
      <div className="audit-filters-grid">
        <TextField
          label={t`Member concerned`}
          name="member"
          value={draft.member}
          valueDir="auto"
          onChange={(event) => setDraft({ ...draft, member: event.target.value })}
        />
        <TextField
          label={t`Done by`}
          name="actor"
          value={draft.actor}
          valueDir="auto"
          onChange={(event) => setDraft({ ...draft, actor: event.target.value })}
        />
        <Select
          label={t`Kind`}
          value={draft.kind}
          options={kindOptions}
          onChange={(event) => setDraft({ ...draft, kind: event.target.value as AuditKind | '' })}
        />
        <TextField
          label={t`From`}
          name="from"
          type="date"
          value={draft.from}
          valueDir="ltr"
          onChange={(event) => setDraft({ ...draft, from: event.target.value })}
        />
        <TextField label={t`To`} name="to" type="date" value={draft.to} valueDir="ltr" onChange={(event) => setDraft({ ...draft, to: event.target.value })} />
      </div>
      <p className="audit-filters-note">
        <Trans>A part of a name is enough. Days are the school's.</Trans>
      </p>
      <div className="audit-filters-actions">
        <Button type="submit">
          <Trans>Filter</Trans>
        </Button>
        <Button
          variant="ghost"
          onClick={() => {
            setDraft(noFilters);
            onApply(noFilters);
          }}
        >
          <Trans>Clear filters</Trans>
        </Button>
      </div>
    </form>
  );
}
