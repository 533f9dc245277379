import { useState } from 'react';
import type { SubmitFailure } from './describeFailure';
import type { FieldErrors } from './fieldErrors';

/**
 * What every form keeps while it is filled and sent: the errors next to the fields, one
 * message for the whole form, and whether it is sending.
 */
export function useSubmission() {
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  /** Shows what the form's own validation found; nothing was sent. */
  const reject = (fields: FieldErrors) => {
    setErrors(fields);
    setFormError(null);
  };

  /**
   * Sends a validated form and shows a failure next to its fields. Resolves true when it
   * went through; with `leaving`, the screen is about to go away, so it stays "sending".
   */
  const send = async (run: () => Promise<SubmitFailure | null>, { leaving = false } = {}): Promise<boolean> => {
    setBusy(true);
    setErrors({});
    setFormError(null);
    const failure = await run();
    if (!failure) {
      if (!leaving) setBusy(false);
      return true;
    }
    setBusy(false);
    setErrors(failure.fields);
    setFormError(failure.form);
    return false;
  };

  return { errors, setErrors, formError, busy, reject, send };
}
