import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { ruleCell, ruleGroups, type MessengerRulesFields, type RuleGroup } from '../../../contract/messengerRules';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';

const groupNames: Record<RuleGroup, MessageDescriptor> = {
  staff: msg`Staff and administrators`,
  student: msg`Students`,
  guardian: msg`Guardians`,
};

export interface MessengerRulesViewProps {
  rules: MessengerRulesFields;
  onSave: (rules: MessengerRulesFields) => Promise<void>;
}

/**
 * The school's messenger rule as a form: a group of checkboxes for each kind of member who
 * starts a conversation, one a kind they may start it with (the role × role table, as groups
 * that stack on a phone and stand side by side on a wide screen), and whether students write
 * in groups they do not run. Only renders; the screen reads and writes.
 */
export function MessengerRulesView({ rules, onSave }: MessengerRulesViewProps) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState(rules);
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
  return (
    <form className="form messenger-rules-form" noValidate onSubmit={(event) => void submit(event)}>
      <p id="messenger-rules-caption">
        <Trans>Who may start a conversation of two with whom. Groups made by staff are not limited by these choices.</Trans>
      </p>
      <div className="messenger-rules-grid">
        {ruleGroups.map((from) => (
          <fieldset key={from} className="messenger-rules-group" aria-describedby="messenger-rules-caption">
            <legend>{i18n._(groupNames[from])}</legend>
            {ruleGroups.map((to) => {
              const cell = ruleCell(from, to);
              const toName = i18n._(groupNames[to]);
              return (
                <Checkbox key={to} label={t`with ${toName}`} checked={draft[cell]} onChange={(event) => setDraft({ ...draft, [cell]: event.target.checked })} />
              );
            })}
          </fieldset>
        ))}
      </div>
      <Checkbox
        label={<Trans>Students may write in groups they do not run (each group's "members can reply" still applies)</Trans>}
        checked={draft.students_reply_in_groups}
        onChange={(event) => setDraft({ ...draft, students_reply_in_groups: event.target.checked })}
      />
      <p className="muted">
        <Trans>
          A change applies to what reaches the server from now on, messages written offline before it included: a conversation the rule no longer allows stays
          readable, and new messages in it are refused with the rule as the reason.
        </Trans>
      </p>
      <div className="form-actions">
        <Button type="submit" disabled={saving}>
          <Trans>Save</Trans>
        </Button>
      </div>
    </form>
  );
}
