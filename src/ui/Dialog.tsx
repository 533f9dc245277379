import { useLingui } from '@lingui/react/macro';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { CloseIcon } from './icons';

export interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description?: ReactNode;
  children: ReactNode;
}

/** Radix Dialog with Patio's look: focus trapped, Escape and the close button dismiss. */
export function Dialog({ open, onOpenChange, title, description, children }: DialogProps) {
  const { t } = useLingui();
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="dialog-overlay" />
        <RadixDialog.Content className="dialog" {...(description ? {} : { 'aria-describedby': undefined })}>
          <div className="dialog-header">
            <RadixDialog.Title className="dialog-title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="icon-button" aria-label={t`Close`} title={t`Close`}>
              <CloseIcon />
            </RadixDialog.Close>
          </div>
          {description ? <RadixDialog.Description className="dialog-description">{description}</RadixDialog.Description> : null}
          {children}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}
