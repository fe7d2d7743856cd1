"use client";

import type { ReactNode, RefObject } from "react";
import { Button } from "./ui/button";
import { DialogFrame } from "./ui/dialog-frame";

export function ConfirmDialog({
  dialogRef,
  name,
  heading,
  text,
  keep,
  onClose,
  onCancel,
  formAction,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  name: string;
  heading: string;
  text: ReactNode;
  keep: { label: string; onClick: () => void };
  onClose?: () => void;
  onCancel?: () => void;
  formAction?: () => void | Promise<void>;
  children: ReactNode;
}) {
  const buttons = (
    <>
      <Button autoFocus onClick={keep.onClick}>
        {keep.label}
      </Button>
      {children}
    </>
  );
  const row = "mt-5 flex flex-wrap justify-end gap-3";
  return (
    <DialogFrame dialogRef={dialogRef} name={name} heading={heading} text={text} onClose={onClose} onCancel={onCancel}>
      {formAction ? (
        <form action={formAction} className={row}>
          {buttons}
        </form>
      ) : (
        <div className={row}>{buttons}</div>
      )}
    </DialogFrame>
  );
}
