import { useSyncExternalStore } from 'react';
import { CheckCircleIcon, CloseIcon, ErrorCircleIcon, InfoIcon } from '../icons';
import { dismissToast, getToasts, subscribeToasts, TOAST_MAX_VISIBLE, type ToastKind } from './toast-store';

const ICONS: Record<ToastKind, typeof InfoIcon> = {
  success: CheckCircleIcon,
  error: ErrorCircleIcon,
  info: InfoIcon,
};

/** The toast container, bottom-right; queued toasts wait until a visible one closes. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts);
  const visible = toasts.slice(0, TOAST_MAX_VISIBLE);
  return (
    <div className="toaster" role="region" aria-label="Notifications">
      {visible.map((t) => {
        const Icon = ICONS[t.kind];
        return (
          <div
            key={t.id}
            className={`toast toast--${t.kind}${t.leaving ? ' toast--leaving' : ''}`}
            role={t.kind === 'error' ? 'alert' : 'status'}
            aria-live={t.kind === 'error' ? 'assertive' : 'polite'}
          >
            <Icon className="toast__icon" />
            <p className="toast__message">{t.message}</p>
            <button
              type="button"
              className="icon-button icon-button--sm toast__close"
              aria-label="Dismiss notification"
              onClick={() => dismissToast(t.id)}
            >
              <CloseIcon />
            </button>
          </div>
        );
      })}
    </div>
  );
}
