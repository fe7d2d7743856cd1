"use client";

import { useEffect, useId, useRef, useState, type KeyboardEvent } from "react";
import type { GridField, GridRow } from "@/lib/changes/grid-rows";
import { fieldErrors } from "@/lib/personalization/typed-question";

type Then = "down" | "right" | "left" | "stay";

const LABELS: Record<GridField, string> = {
  instructions: "Instructions",
  limit: "Character limit",
  required: "Required",
  price: "Add-on price",
  choices: "Dropdown choices, one per line",
};

/** The open cell: its rule is checked on every keystroke with the editor's own schema; only this cell re-renders. */
export function GridCellEditor({
  field,
  row,
  initial,
  onCommit,
  onCancel,
}: {
  field: GridField;
  row: GridRow;
  initial: string;
  onCommit: (value: string, then: Then) => void;
  onCancel: () => void;
}) {
  const errorId = useId();
  const [draft, setDraft] = useState(initial);
  const input = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const settled = useRef(false);
  const error = fieldErrors({ ...row, [field]: draft })[field];
  useEffect(() => {
    const element = input.current;
    if (!element) return;
    element.focus();
    element.setSelectionRange(element.value.length, element.value.length);
  }, []);

  const finish = (then: Then) => {
    settled.current = true;
    onCommit(draft, then);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    event.stopPropagation();
    if (event.key === "Escape") {
      settled.current = true;
      onCancel();
    } else if (event.key === "Enter" && !event.shiftKey) finish("down");
    else if (event.key === "Tab") finish(event.shiftKey ? "left" : "right");
    else return;
    event.preventDefault();
  };
  const common = {
    ref: input,
    value: draft,
    "aria-label": `${LABELS[field]} of “${row.question}” on ${row.listingTitle}`,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? errorId : undefined,
    onChange: (event: { target: { value: string } }) => setDraft(event.target.value),
    onKeyDown,
    onBlur: () => {
      if (!settled.current) onCommit(draft, "stay");
    },
    className:
      "w-full rounded border border-stone-400 bg-white px-1 py-0.5 text-sm text-stone-900 aria-[invalid=true]:border-red-700",
  };
  return (
    <div className="absolute inset-x-0 top-0 z-20 bg-white p-1 shadow-lg ring-1 ring-stone-300">
      {field === "choices" ? (
        <textarea rows={3} {...common} />
      ) : (
        <input type="text" inputMode={field === "instructions" ? "text" : "decimal"} {...common} />
      )}
      {error && (
        <p id={errorId} className="mt-1 text-xs text-red-800">
          {error}
        </p>
      )}
    </div>
  );
}
