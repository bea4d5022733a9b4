import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { Modal } from './modal';

interface ConfirmModalProps {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** Runs the action; the modal stays open, busy, until it settles, and closes when it succeeds. */
  onConfirm(): Promise<boolean | void>;
  onClose(): void;
  tone?: 'danger' | 'primary';
  /** Keeps the confirm button disabled, such as until a name is typed. */
  disabled?: boolean;
}

/** Asks before an action that cannot be undone. */
export function ConfirmModal({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  tone = 'danger',
  disabled = false,
}: ConfirmModalProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    const done = await onConfirm().catch(() => false);
    setBusy(false);
    if (done !== false) onClose();
  };
  return (
    <Modal
      title={title}
      onClose={onClose}
      footer={
        <>
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
          <Button variant={tone} onClick={confirm} loading={busy} disabled={disabled}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      <div className="confirm">{children}</div>
    </Modal>
  );
}
