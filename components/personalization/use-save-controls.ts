"use client";

import { useEffect, useRef } from "react";

/**
 * What both editors do around Save: Ctrl/Cmd+S submits the form while the seller may edit, and once a save or removal
 * is done focus comes back to Save (the fieldset is disabled while it runs, which drops focus to the page).
 * Set `focusSaveWhenDone.current` when the action succeeds.
 */
export function useSaveControls(canEdit: boolean, pending: boolean) {
  const formElement = useRef<HTMLFormElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const focusSaveWhenDone = useRef(false);

  useEffect(() => {
    if (pending || !focusSaveWhenDone.current) return;
    focusSaveWhenDone.current = false;
    saveButton.current?.focus();
  }, [pending]);

  useEffect(() => {
    if (!canEdit) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== "s" || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      event.preventDefault();
      if (!pending) formElement.current?.requestSubmit();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [canEdit, pending]);

  return { formElement, saveButton, focusSaveWhenDone };
}
