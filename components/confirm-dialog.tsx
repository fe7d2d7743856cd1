"use client";

import type { ReactNode, RefObject } from "react";
import { MODAL_CLASS } from "./personalization/use-modal";

export const BUTTON_CLASS = {
  secondary: "min-h-11 rounded-md px-4 py-2 ring-1 ring-stone-300 hover:bg-stone-100",
  danger: "min-h-11 rounded-md bg-red-800 px-4 py-2 font-medium text-white hover:bg-red-900",
  primary: "min-h-11 rounded-md bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark",
};

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
      <button type="button" autoFocus onClick={keep.onClick} className={BUTTON_CLASS.secondary}>
        {keep.label}
      </button>
      {children}
    </>
  );
  const row = "mt-5 flex flex-wrap justify-end gap-3";
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${name}-heading`}
      aria-describedby={`${name}-text`}
      onClose={onClose}
      onCancel={onCancel}
      className={`${MODAL_CLASS} max-w-md`}
    >
      <h2 id={`${name}-heading`} className="text-lg font-semibold">
        {heading}
      </h2>
      <p id={`${name}-text`} className="mt-2 text-sm text-stone-700">
        {text}
      </p>
      {formAction ? (
        <form action={formAction} className={row}>
          {buttons}
        </form>
      ) : (
        <div className={row}>{buttons}</div>
      )}
    </dialog>
  );
}
