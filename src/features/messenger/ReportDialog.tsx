import { Trans, useLingui } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { reportReasonMax, type MessageRow } from '../../../contract/messenger';
import { Button } from '../../ui/Button';
import { Dialog } from '../../ui/Dialog';

export interface ReportDialogProps {
  message: MessageRow | null;
  onClose: () => void;
  onReport: (message: MessageRow, reason: string) => void;
}

/** Asks the college's administrators to look at someone's message, with an optional reason. */
export function ReportDialog({ message, onClose, onReport }: ReportDialogProps) {
  const { t } = useLingui();
  const id = useId();
  const [reason, setReason] = useState('');
  return (
    <Dialog
      open={message !== null}
      onOpenChange={(open) => {
        if (!open) {
          setReason('');
          onClose();
        }
      }}
      title={t`Report this message`}
      description={<Trans>The school’s administrators will see the message, who wrote it and your reason. Its author is not told.</Trans>}
    >
      <form
        className="report-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (!message) return;
          onReport(message, reason.trim());
          setReason('');
        }}
      >
        <div className="field">
          <label className="field-label" htmlFor={`${id}-reason`}>
            {t`Reason (optional)`}
          </label>
          <textarea
            id={`${id}-reason`}
            className="input"
            rows={3}
            maxLength={reportReasonMax}
            value={reason}
            dir={reason ? 'auto' : undefined}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
        <div className="dialog-actions">
          <Button variant="secondary" onClick={onClose}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" variant="danger">
            <Trans>Report message</Trans>
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
