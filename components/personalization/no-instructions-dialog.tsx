"use client";

import { BUTTON_CLASS, ConfirmDialog } from "../confirm-dialog";
import { useModal } from "./use-modal";

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
  const closeThen = (next: () => void) => () => {
    dialog.current?.close();
    next();
  };
  return (
    <ConfirmDialog
      dialogRef={dialog}
      name="no-instructions"
      heading="Save without instructions?"
      text="Buyers will be asked to personalize this listing without being told what to write."
      keep={{ label: "Add instructions", onClick: closeThen(onAddInstructions) }}
      onClose={onClose}
    >
      <button type="button" onClick={closeThen(onConfirm)} className={BUTTON_CLASS.primary}>
        Save without instructions
      </button>
    </ConfirmDialog>
  );
}
