import { Trans } from '@lingui/react/macro';
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** Defaults to a destructive (red) confirm button. */
  tone?: 'danger' | 'primary';
}

/** Radix AlertDialog: focus starts on Cancel, Escape cancels, the action needs a deliberate click. */
export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, tone = 'danger' }: ConfirmDialogProps) {
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="dialog-overlay" />
        <AlertDialog.Content className="dialog">
          <AlertDialog.Title className="dialog-title">{title}</AlertDialog.Title>
          <AlertDialog.Description className="dialog-description">{description}</AlertDialog.Description>
          <div className="dialog-actions confirm-actions">
            <AlertDialog.Cancel className="button button-secondary">
              <Trans>Cancel</Trans>
            </AlertDialog.Cancel>
            <AlertDialog.Action className={`button button-${tone}`} onClick={onConfirm}>
              {confirmLabel}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
