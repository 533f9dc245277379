import { useLingui } from '@lingui/react/macro';
import { Toast } from 'radix-ui';
import { AlertIcon, CheckCircleIcon, CloseIcon, CloudOffIcon } from './icons';
import { dismissToast, toastDurationMs, useToasts } from './toastStore';

/** Toasts at the bottom inline-end corner (bottom right in ltr, bottom left in rtl). */
export function ToastHost() {
  const { t } = useLingui();
  const toasts = useToasts();
  const rtl = typeof document !== 'undefined' && document.documentElement.dir === 'rtl';
  return (
    <Toast.Provider duration={toastDurationMs} swipeDirection={rtl ? 'left' : 'right'} label={t`Notification`}>
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          className={`toast toast-${toast.tone}`}
          onOpenChange={(open) => {
            if (!open) dismissToast(toast.id);
          }}
        >
          {toast.tone === 'error' ? <AlertIcon /> : toast.tone === 'info' ? <CloudOffIcon /> : <CheckCircleIcon />}
          <Toast.Description className="toast-text">{toast.text}</Toast.Description>
          <Toast.Close className="toast-close" aria-label={t`Close`}>
            <CloseIcon width={16} height={16} />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport className="toast-viewport" />
    </Toast.Provider>
  );
}
