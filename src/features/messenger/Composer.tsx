import { Trans, useLingui } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { messageTextMax, type MessageRow } from '../../../contract/messenger';
import { validateWith } from '../../forms/fieldErrors';
import { useOutboxForm } from '../../forms/useOutboxForm';
import { Button } from '../../ui/Button';
import { FieldError } from '../../ui/FieldError';
import { CloseIcon, SendIcon } from '../../ui/icons';
import { composerText } from './composerText';

export interface ComposerProps {
  /** The message being edited, or null when writing a new one. */
  editing: MessageRow | null;
  onCancelEdit: () => void;
  /** Saves on this device (through the outbox); a thrown error is shown. */
  onSubmit: (text: string) => Promise<void>;
}

/**
 * Writes a message (or edits one of mine): a labelled text box ("Message") that grows with
 * the text, Enter sends and Shift+Enter starts a new line; checked with the contract's rule
 * before anything is queued. Offline too: the message waits in the outbox.
 */
export function Composer({ editing, onCancelEdit, onSubmit }: ComposerProps) {
  const { t } = useLingui();
  const id = useId();
  const box = useRef<HTMLTextAreaElement>(null);
  const form = useOutboxForm({
    initial: { text: '' },
    validate: (values: { text: string }) => validateWith(composerText, values),
    save: async ({ text }) => {
      await onSubmit(text);
      form.reset({ text: '' });
      box.current?.focus();
    },
    saveFailed: t`This message could not be saved on this device. Please try again.`,
  });
  const text = form.values.text;
  const error = form.errors.text ?? form.formError ?? undefined;
  const [editingId, setEditingId] = useState<string | null>(null);
  // Editing starts: the text box takes the message's text (and gives it back on cancel).
  if ((editing?.id ?? null) !== editingId) {
    setEditingId(editing?.id ?? null);
    form.reset({ text: editing ? editing.text : '' });
  }
  useEffect(() => {
    if (editingId) box.current?.focus();
  }, [editingId]);

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    }
    if (event.key === 'Escape' && editing) onCancelEdit();
  }

  const left = messageTextMax - text.length;
  return (
    <form className="composer" noValidate onSubmit={form.submit}>
      {editing ? (
        <div className="composer-editing">
          <span>
            <Trans>Editing your message</Trans>
          </span>
          <button type="button" className="icon-button" aria-label={t`Cancel editing`} title={t`Cancel editing`} onClick={onCancelEdit}>
            <CloseIcon width={18} height={18} />
          </button>
        </div>
      ) : null}
      <div className="composer-row">
        <label htmlFor={`${id}-text`} className="visually-hidden">
          {t`Message`}
        </label>
        <textarea
          ref={box}
          id={`${id}-text`}
          name="text"
          className="input composer-text"
          rows={1}
          dir={text ? 'auto' : undefined}
          placeholder={t`Write a message`}
          value={text}
          onChange={(event) => form.set({ text: event.target.value })}
          onKeyDown={keyDown}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : left < 200 ? `${id}-left` : undefined}
        />
        <Button
          type="submit"
          variant="primary"
          className="composer-send"
          busy={form.busy}
          aria-label={editing ? t`Save` : t`Send`}
          title={editing ? t`Save` : t`Send`}
        >
          <SendIcon />
        </Button>
      </div>
      {left < 200 ? (
        <p id={`${id}-left`} className={`field-hint ${left < 0 ? 'is-over' : ''}`}>
          <Trans>{left} characters left</Trans>
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </form>
  );
}
