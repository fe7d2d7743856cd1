"use client";

import { useEffect, useRef, type ReactNode, type RefObject, type SyntheticEvent } from "react";

/** A dialog that opens as a modal the moment it mounts (its caller shows it by rendering it), focus held inside. */
export function useModal() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return dialog;
}

/**
 * The shell every dialog shares: the modal `<dialog>`, its heading as its name and an optional text as its
 * description. Escape and `dialog.close()` end in `onClose`; the first control marked `autoFocus` takes the focus.
 */
export function DialogFrame({
  dialogRef,
  name,
  heading,
  text,
  width = "max-w-md",
  onClose,
  onCancel,
  children,
}: {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** Prefix of the heading's and text's ids. */
  name: string;
  heading: ReactNode;
  text?: ReactNode;
  width?: "max-w-md" | "max-w-xl" | "max-w-2xl";
  onClose?: (event: SyntheticEvent<HTMLDialogElement>) => void;
  onCancel?: () => void;
  children: ReactNode;
}) {
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${name}-heading`}
      aria-describedby={text === undefined ? undefined : `${name}-text`}
      onClose={onClose}
      onCancel={onCancel}
      className={`m-auto w-[calc(100%-2rem)] rounded-xl bg-white p-6 text-stone-900 backdrop:bg-black/50 ${width}`}
    >
      <h2 id={`${name}-heading`} className="text-lg font-semibold">
        {heading}
      </h2>
      {text !== undefined && (
        <p id={`${name}-text`} className="mt-2 text-sm text-stone-700">
          {text}
        </p>
      )}
      {children}
    </dialog>
  );
}
