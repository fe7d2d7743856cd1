"use client";

import { ConfirmDialog } from "../confirm-dialog";
import { BUTTON_CLASS } from "../ui/button";
import { useModal } from "../ui/dialog-frame";

export function LeaveDialog({
  onStay,
  onLeave,
  onSaveAndLeave,
  several = false,
}: {
  onStay: () => void;
  onLeave: () => void;
  onSaveAndLeave: () => void;
  several?: boolean;
}) {
  const dialog = useModal();
  return (
    <ConfirmDialog
      dialogRef={dialog}
      name="leave"
      heading="Leave without saving?"
      text={`${
        several
          ? "You changed these questions but did not save them."
          : "You changed this question but did not save it."
      } Save them and leave, or leave without saving: then your changes are lost and buyers keep being asked what is on the marketplace now.`}
      keep={{ label: "Stay and keep editing", onClick: onStay }}
      onCancel={onStay}
    >
      <button type="button" onClick={onLeave} className={BUTTON_CLASS.danger}>
        Leave without saving
      </button>
      <button type="button" onClick={onSaveAndLeave} className={BUTTON_CLASS.primary}>
        Save and leave
      </button>
    </ConfirmDialog>
  );
}
