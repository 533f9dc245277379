import { Trans, useLingui } from '@lingui/react/macro';
import { AlertDialog } from 'radix-ui';
import { ConfirmDialog } from '../../ui/ConfirmDialog';

export interface DeleteEventDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The date being looked at, when the event repeats: then only that date can go. */
  date: string | null;
  onDeleteDate: () => void;
  onDeleteAll: () => void;
}

/**
 * "Delete this event?" A repeating event seen on one of its dates asks which: only that
 * date (an exception of the series) or all of them. Focus starts on Cancel.
 */
export function DeleteEventDialog({ open, onOpenChange, date, onDeleteDate, onDeleteAll }: DeleteEventDialogProps) {
  const { t } = useLingui();
  if (date === null) {
    return (
      <ConfirmDialog
        open={open}
        onOpenChange={onOpenChange}
        title={t`Delete this event?`}
        description={<Trans>It will be removed from the calendar of everyone it was addressed to.</Trans>}
        confirmLabel={t`Delete`}
        onConfirm={onDeleteAll}
      />
    );
  }
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title className="dialog-title">{t`Delete this repeating event?`}</AlertDialog.Title>
          <AlertDialog.Description className="dialog-description">
            <Trans>It repeats. You can delete only the date of {date}, or every date.</Trans>
          </AlertDialog.Description>
          <div className="dialog-actions confirm-actions">
            <AlertDialog.Cancel className="button button-secondary">
              <Trans>Cancel</Trans>
            </AlertDialog.Cancel>
            <AlertDialog.Action className="button button-danger" onClick={onDeleteDate}>
              <Trans>Delete only this date</Trans>
            </AlertDialog.Action>
            <AlertDialog.Action className="button button-danger" onClick={onDeleteAll}>
              <Trans>Delete all dates</Trans>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
