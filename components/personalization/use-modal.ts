"use client";

import { useEffect, useRef } from "react";

export function useModal() {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);
  return dialog;
}

export const MODAL_CLASS = "m-auto w-[calc(100%-2rem)] rounded-xl bg-white p-6 text-stone-900 backdrop:bg-black/50";
