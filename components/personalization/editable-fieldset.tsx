"use client";

import type { ComponentProps } from "react";
import { useHydrated } from "./use-save-controls";

/**
 * An editor's fieldset, also disabled in the server's HTML and while hydrating, where its controls cannot work yet.
 * A component of its own so that becoming editable re-renders this element alone: its children are the form's
 * elements, unchanged, so React keeps them.
 */
export function EditableFieldset({ disabled, ...fieldset }: ComponentProps<"fieldset">) {
  const hydrated = useHydrated();
  return <fieldset {...fieldset} disabled={disabled || !hydrated} />;
}
