"use client";

import { MODAL_CLASS, useModal } from "./use-modal";

/** A question without instructions leaves buyers guessing what to write, so saving one asks first. */
export function NoInstructionsDialog({
  onConfirm,
  onAddInstructions,
  onClose,
}: {
  onConfirm: () => void;
  onAddInstructions: () => void;
  onClose: () => void;
}) {
  const dialog = useModal();
  return (
    <dialog
      ref={dialog}
      aria-labelledby="no-instructions-heading"
      aria-describedby="no-instructions-text"
      onClose={onClose}
      className={`${MODAL_CLASS} max-w-md`}
    >
      <h2 id="no-instructions-heading" className="text-lg font-semibold">
        Save without instructions?
      </h2>
      <p id="no-instructions-text" className="mt-2 text-sm text-stone-700">
        Buyers will be asked to personalize this listing without being told what to write.
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          autoFocus
          onClick={() => {
            dialog.current?.close();
            onAddInstructions();
          }}
          className="min-h-11 rounded-md px-4 py-2 ring-1 ring-stone-300 hover:bg-stone-100"
        >
          Add instructions
        </button>
        <button
          type="button"
          onClick={() => {
            dialog.current?.close();
            onConfirm();
          }}
          className="min-h-11 rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark"
        >
          Save without instructions
        </button>
      </div>
    </dialog>
  );
}
