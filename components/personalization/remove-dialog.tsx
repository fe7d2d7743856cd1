"use client";

import { ConfirmDialog } from "../confirm-dialog";
import { BUTTON_CLASS } from "../ui/button";
import { useModal } from "../ui/dialog-frame";

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
    <ConfirmDialog
      dialogRef={dialog}
      name="remove"
      heading="Remove personalization?"
      text={`Buyers of “${title}” will no longer be asked a question, and the current question is deleted from the marketplace.`}
      keep={{ label: "Keep the question", onClick: () => dialog.current?.close() }}
      onClose={onClose}
    >
      <button
        type="button"
        onClick={() => {
          dialog.current?.close();
          onConfirm();
        }}
        className={BUTTON_CLASS.danger}
      >
        Remove
      </button>
    </ConfirmDialog>
  );
}
