"use client";

import { useEffect, useRef, useSyncExternalStore, type KeyboardEvent as ReactKeyboardEvent } from "react";

const noSubscription = () => () => {};

// Only a button submits: Enter in a field (which browsers treat as Submit) must not write to the marketplace.
export const noEnterSubmit = (event: ReactKeyboardEvent<HTMLFormElement>) => {
  if (event.key === "Enter" && event.target instanceof HTMLInputElement) event.preventDefault();
};

/** False in the server's HTML and while hydrating, where controls cannot work yet and stay disabled. */
export const useHydrated = () =>
  useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );

/** How a failed save or removal starts: not done, or not confirmed when the marketplace's answer never came. */
export const notDone = (result: { unconfirmed?: boolean }, verb: "save" | "remove") =>
  result.unconfirmed ? "Not confirmed." : verb === "save" ? "Not saved." : "Not removed.";

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
      if (event.key.toLowerCase() !== "s" || !(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey)
        return;
      event.preventDefault();
      if (!pending) formElement.current?.requestSubmit();
    };
    window.addEventListener("keydown", onKeyDown);
    return () => window.removeEventListener("keydown", onKeyDown);
  }, [canEdit, pending]);

  return { formElement, saveButton, focusSaveWhenDone };
}
