import { type ReactNode, useEffect, useRef } from 'react';

/**
 * A bottom-sheet overlay (size finder, size guide, terms, privacy) on the native <dialog>: it
 * traps focus, closes on Escape, and returns focus to what opened it.
 */
export function Sheet({
  open,
  onClose,
  title,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return (
    <dialog ref={ref} className="sheet" aria-label={title} onClose={onClose} onCancel={onClose}>
      <div className="sheet-bar">
        <h2 className="sheet-title">{title}</h2>
        <button type="button" className="sheet-close" onClick={onClose} aria-label={`close ${title}`}>
          ×
        </button>
      </div>
      <div className="sheet-body">{open ? children : null}</div>
    </dialog>
  );
}
