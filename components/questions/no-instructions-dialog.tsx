"use client";

import { ConfirmDialog } from "../confirm-dialog";
import { BUTTON_CLASS } from "../ui/button";
import { useModal } from "../ui/dialog-frame";

/** `verb`: what the confirmation goes on to do, "Save" in the editors. */
export function NoInstructionsDialog({
  onConfirm,
  onAddInstructions,
  onClose,
  verb = "Save",
  listings = "this listing",
}: {
  onConfirm: () => void;
  onAddInstructions: () => void;
  onClose: () => void;
  verb?: string;
  listings?: string;
}) {
  const dialog = useModal();
  const closeThen = (next: () => void) => () => {
    dialog.current?.close();
    next();
  };
  return (
    <ConfirmDialog
      dialogRef={dialog}
      name="no-instructions"
      heading={`${verb} without instructions?`}
      text={`Buyers will be asked to personalize ${listings} without being told what to write.`}
      keep={{ label: "Add instructions", onClick: closeThen(onAddInstructions) }}
      onClose={onClose}
    >
      <button type="button" onClick={closeThen(onConfirm)} className={BUTTON_CLASS.primary}>
        {verb} without instructions
      </button>
    </ConfirmDialog>
  );
}
