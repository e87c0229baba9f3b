import './confirm-dialog.css';
import { type ReactNode, useEffect, useId, useRef } from 'react';

/**
 * A confirm step as a modal alert dialog on the native <dialog>: it traps focus, starts on
 * "cancel" (the safe choice), closes on Escape and returns focus to what opened it.
 */
export function ConfirmDialog({
  open,
  busy,
  title,
  children,
  confirm,
  busyLabel,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  busy: boolean;
  title: string;
  children: ReactNode;
  /** The confirming button's words. */
  confirm: string;
  busyLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const base = useId();
  const ref = useRef<HTMLDialogElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      cancelRef.current?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="portal-dialog"
      role="alertdialog"
      aria-modal="true"
      aria-labelledby={`${base}-title`}
      aria-describedby={`${base}-text`}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      {open && (
        <>
          <h2 id={`${base}-title`} className="portal-dialog-title">
            {title}
          </h2>
          <div id={`${base}-text`}>{children}</div>
          <div className="portal-actions">
            <button type="button" className="button" onClick={onConfirm} disabled={busy}>
              {busy ? busyLabel : confirm}
            </button>
            <button
              ref={cancelRef}
              type="button"
              className="button button-quiet"
              onClick={onCancel}
              disabled={busy}
            >
              cancel
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
