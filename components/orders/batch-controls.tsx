import type { ReactNode } from "react";
import { Button } from "../ui/button";

export const QUEUE_BUTTON = "bg-white text-sm font-semibold text-stone-900";

/** A batch move's button: it stays focusable while a move runs (aria-disabled), so focus is not dropped to the page. */
export function MoveButton({
  pending,
  onClick,
  children,
}: {
  pending: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <Button compact className={QUEUE_BUTTON} aria-disabled={pending} onClick={onClick}>
      {children}
    </Button>
  );
}

/** A labelled text input of the queue's batch bar: what a move needs typed (a reason, a note). */
export function BatchField({
  label,
  value,
  onChange,
  maxLength,
  width,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  width: "w-40" | "w-48" | "w-64" | "w-72";
}) {
  return (
    <label className="flex flex-col gap-1 text-sm font-medium">
      {label}
      <input
        value={value}
        onChange={(event) => onChange(event.target.value)}
        maxLength={maxLength}
        className={`min-h-11 ${width} rounded-md border border-stone-400 bg-white px-3 text-sm md:min-h-9`}
      />
    </label>
  );
}
