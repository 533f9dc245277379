import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { useState, type FormEvent } from 'react';
import { ruleCell, ruleGroups, setMessengerRulesArgs, type MessengerRulesFields, type RuleGroup } from '../../../contract/messengerRules';
import { validateWith, type FieldErrors } from '../../forms/fieldErrors';
import { weekdayNames } from '../../i18n/formatDate';
import { Button } from '../../ui/Button';
import { Checkbox } from '../../ui/Checkbox';
import { FieldError } from '../../ui/FieldError';
import { TextField } from '../../ui/TextField';

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
 * in groups they do not run, and the staff hours (checked with the contract's rule before
 * saving). Only renders; the screen reads and writes.
 */
export function MessengerRulesView({ rules, onSave }: MessengerRulesViewProps) {
  const { t, i18n } = useLingui();
  const [draft, setDraft] = useState(rules);
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const checked = validateWith(setMessengerRulesArgs, draft);
    setErrors(checked.ok ? {} : checked.errors);
    if (!checked.ok) return;
    setSaving(true);
    try {
      await onSave(draft);
    } finally {
      setSaving(false);
    }
  };
  const days = new Set(draft.staff_hours_days);
  const toggleDay = (day: number, on: boolean) =>
    setDraft({ ...draft, staff_hours_days: on ? [...days, day].sort((a, b) => a - b) : [...days].filter((d) => d !== day) });
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
      <fieldset className="messenger-rules-group staff-hours" aria-describedby="staff-hours-caption">
        <legend>
          <Trans>Staff hours</Trans>
        </legend>
        <p id="staff-hours-caption" className="muted">
          <Trans>
            Outside these hours, a guardian's new message to staff waits and is delivered when they begin; the guardian sees when. Messages from staff, and
            emergency alerts, are never held.
          </Trans>
        </p>
        <Checkbox
          label={<Trans>Hold guardians' messages to staff outside staff hours</Trans>}
          checked={draft.staff_hours_on}
          onChange={(event) => setDraft({ ...draft, staff_hours_on: event.target.checked })}
        />
        {draft.staff_hours_on ? (
          <>
            <fieldset className="staff-hours-days" aria-describedby={errors.staff_hours_days ? 'staff-hours-days-error' : undefined}>
              <legend>
                <Trans>Days</Trans>
              </legend>
              {weekdayNames(i18n.locale).map((name, index) => (
                <Checkbox key={name} label={name} checked={days.has(index + 1)} onChange={(event) => toggleDay(index + 1, event.target.checked)} />
              ))}
              <FieldError id="staff-hours-days-error" message={errors.staff_hours_days} />
            </fieldset>
            <div className="staff-hours-times">
              <TextField
                label={t`From`}
                name="staff_hours_start"
                type="time"
                step={60}
                valueDir="ltr"
                value={draft.staff_hours_start}
                onChange={(event) => setDraft({ ...draft, staff_hours_start: event.target.value })}
                error={errors.staff_hours_start}
              />
              <TextField
                label={t`Until`}
                name="staff_hours_end"
                type="time"
                step={60}
                valueDir="ltr"
                // The day's end is 24:00 on the server and 00:00 in a time box.
                value={draft.staff_hours_end === '24:00' ? '00:00' : draft.staff_hours_end}
                onChange={(event) => setDraft({ ...draft, staff_hours_end: event.target.value === '00:00' ? '24:00' : event.target.value })}
                error={errors.staff_hours_end}
              />
            </div>
          </>
        ) : null}
      </fieldset>
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
