import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { translateServerMessage } from '../i18n/serverMessages';
import { showToast } from '../ui/toastStore';
import { whenAnswered, type MutationOutcome } from './mutationOutcome';

/** A feature's words for its change, already translated. */
export interface OutcomeTexts {
  /** The server applied it (the original app's "Publication created successfully"). */
  sent: string;
  /** The server refused it; `reason` is the server's message, translated. */
  refused: (reason: string) => string;
}

/** How long an online change may take to be answered before the toast says it was kept on the device. */
export const quickAnswerMs = 1500;

function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine;
}

function tell(i18n: I18n, outcome: MutationOutcome, texts: OutcomeTexts): void {
  if (outcome.state === 'applied') showToast(texts.sent);
  else showToast(texts.refused(translateServerMessage(i18n, outcome.error?.message ?? '') || i18n._(msg`No reason was given.`)), 'error');
}

/**
 * One honest toast for a queued change (docs/sync.md, "Honest feedback on screens"): the success text only once the server
 * applied it, the refusal with its reason, or — offline, or when no answer came quickly —
 * that it is saved on this device, followed later by a second toast when it is finally sent
 * or refused. The toast store is global, so that later toast survives leaving the screen.
 */
export function toastOutcome(db: Parameters<typeof whenAnswered>[0], i18n: I18n, seq: number, texts: OutcomeTexts, quickMs = quickAnswerMs): Promise<void> {
  const answered = whenAnswered(db, seq);
  const pending = (): void =>
    showToast(
      isOnline() ? i18n._(msg`Saved on this device. Sending it now…`) : i18n._(msg`Saved on this device. It will be sent when you are back online.`),
      'info',
    );
  if (!isOnline()) {
    pending();
    return answered.then((outcome) => tell(i18n, outcome, texts));
  }
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), quickMs)));
  return Promise.race([answered, late]).then(async (first) => {
    clearTimeout(timer);
    if (first !== 'late') return tell(i18n, first, texts);
    pending();
    tell(i18n, await answered, texts);
  });
}
