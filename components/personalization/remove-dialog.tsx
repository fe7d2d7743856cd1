"use client";

import { useRef } from "react";

/** Removing cannot be undone on the marketplace, so it asks first (a native modal dialog: focus is trapped and Escape cancels). */
export function RemoveDialog({ title, onConfirm }: { title: string; onConfirm: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  return (
    <>
      <button type="button" onClick={() => dialog.current?.showModal()} className="rounded-lg px-4 py-2 font-medium text-red-800 ring-1 ring-red-300 hover:bg-red-50">
        Remove personalization
      </button>
      <dialog ref={dialog} aria-labelledby="remove-heading" className="m-auto max-w-md rounded-xl p-6 backdrop:bg-black/40">
        <h2 id="remove-heading" className="text-lg font-semibold">
          Remove personalization?
        </h2>
        <p className="mt-2 text-sm text-stone-700">Buyers of “{title}” will no longer be asked a question, and the current question is deleted from the marketplace.</p>
        <div className="mt-5 flex justify-end gap-3">
          <button type="button" autoFocus onClick={() => dialog.current?.close()} className="rounded-md px-4 py-2 ring-1 ring-stone-300 hover:bg-stone-100">
            Keep the question
          </button>
          <button
            type="button"
            onClick={() => {
              dialog.current?.close();
              onConfirm();
            }}
            className="rounded-md bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-900"
          >
            Remove
          </button>
        </div>
      </dialog>
    </>
  );
}
