"use client";

import { MODAL_CLASS, useModal } from "./use-modal";

/** Removing cannot be undone on the marketplace, so it asks first (a native modal dialog: focus is trapped and Escape cancels). */
export function RemoveDialog({
  title,
  onConfirm,
  onClose,
}: {
  title: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const dialog = useModal();
  return (
    <dialog ref={dialog} aria-labelledby="remove-heading" onClose={onClose} className={`${MODAL_CLASS} max-w-md`}>
      <h2 id="remove-heading" className="text-lg font-semibold">
        Remove personalization?
      </h2>
      <p className="mt-2 text-sm text-stone-700">
        Buyers of “{title}” will no longer be asked a question, and the current question is deleted from the
        marketplace.
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          autoFocus
          onClick={() => dialog.current?.close()}
          className="min-h-11 rounded-md px-4 py-2 ring-1 ring-stone-300 hover:bg-stone-100"
        >
          Keep the question
        </button>
        <button
          type="button"
          onClick={() => {
            dialog.current?.close();
            onConfirm();
          }}
          className="min-h-11 rounded-md bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-900"
        >
          Remove
        </button>
      </div>
    </dialog>
  );
}
