import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { auditRetentionChoices } from '../../../contract/audit';
import { Button } from '../../ui/Button';
import { Select } from '../../ui/Select';

export interface RetentionCardProps {
  years: number;
  onSave: (years: number) => Promise<void>;
}

/** How long the college keeps its records: a choice of years, saved through the outbox (offline too). */
export function RetentionCard({ years, onSave }: RetentionCardProps) {
  const { t } = useLingui();
  const [draft, setDraft] = useState(years);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      await onSave(draft);
    } finally {
      setSaving(false);
    }
  };
  const options = auditRetentionChoices.map((choice) => ({ value: String(choice), label: t`${plural(choice, { one: '# year', other: '# years' })}` }));
  return (
    <form className="card audit-retention" onSubmit={(event) => void submit(event)}>
      <h2>
        <Trans>How long records are kept</Trans>
      </h2>
      <p id="audit-retention-note">
        <Trans>Records older than this are removed for good. Changing it is recorded too.</Trans>
      </p>
      <div className="audit-retention-row">
        <Select
          label={t`Keep records for`}
          value={String(draft)}
          options={options}
          aria-describedby="audit-retention-note"
          onChange={(event) => setDraft(Number(event.target.value))}
        />
        <Button type="submit" variant="secondary" busy={saving} disabled={draft === years}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  );
}
