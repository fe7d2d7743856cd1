"use client";

import { MODAL_CLASS, useModal } from "./use-modal";

/**
 * Asks before unsaved edits are thrown away (a native modal: focus stays inside, Escape keeps editing). With
 * `onSaveAndLeave` it also offers to save first; the form saves, and leaves only once the save worked.
 */
export function LeaveDialog({
  onStay,
  onLeave,
  onSaveAndLeave,
  saving = false,
  several = false,
}: {
  onStay: () => void;
  onLeave: () => void;
  onSaveAndLeave?: () => void;
  saving?: boolean;
  several?: boolean;
}) {
  const dialog = useModal();
  return (
    <dialog
      ref={dialog}
      aria-labelledby="leave-heading"
      aria-describedby="leave-text"
      onCancel={onStay}
      className={`${MODAL_CLASS} max-w-md`}
    >
      <h2 id="leave-heading" className="text-lg font-semibold">
        Leave without saving?
      </h2>
      <p id="leave-text" className="mt-2 text-sm text-stone-700">
        {several
          ? "You changed these questions but did not save them."
          : "You changed this question but did not save it."}{" "}
        {onSaveAndLeave
          ? "Save them and leave, or leave without saving: then your changes are lost and buyers keep being asked what is on the marketplace now."
          : "If you leave now, your changes are lost and buyers keep being asked what is on the marketplace now."}
      </p>
      <div className="mt-5 flex flex-wrap justify-end gap-3">
        <button
          type="button"
          autoFocus
          onClick={onStay}
          className="min-h-11 rounded-md px-4 py-2 ring-1 ring-stone-300 hover:bg-stone-100"
        >
          Stay and keep editing
        </button>
        <button
          type="button"
          onClick={onLeave}
          className="min-h-11 rounded-md bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-900"
        >
          Leave without saving
        </button>
        {onSaveAndLeave && (
          <button
            type="button"
            disabled={saving}
            onClick={onSaveAndLeave}
            className="min-h-11 rounded-md bg-brand px-4 py-2 font-medium text-white hover:bg-brand-dark disabled:opacity-60"
          >
            {saving ? "Saving…" : "Save and leave"}
          </button>
        )}
      </div>
    </dialog>
  );
}
