"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { setRemakeShipByAction } from "@/app/orders/set-remake-ship-by";
import { callAction } from "../feedback/call-action";
import { Button } from "../ui/button";

/** A remake's ship-by, which the seller sets: the day typed stays in the field when the change is refused. */
export function RemakeShipBy({ itemId, day, name }: { itemId: string; day: string; name: string }) {
  const router = useRouter();
  const [value, setValue] = useState(day);
  const [said, setSaid] = useState<string | null>(null);
  const [pending, startTransition] = useTransition();
  const save = () =>
    startTransition(async () => {
      const result = await callAction(() => setRemakeShipByAction({ itemId, day: value })).catch(() => null);
      if (!result) return setSaid("The dashboard did not answer: try again.");
      if (!result.ok) return setSaid(result.fieldErrors?.day ?? result.formError);
      setSaid(null);
      router.refresh();
    });
  return (
    <div className="flex flex-wrap items-center gap-1">
      <label className="sr-only" htmlFor={`ship-by-${itemId}`}>
        Ship {name} by
      </label>
      <input
        id={`ship-by-${itemId}`}
        type="date"
        value={value}
        onChange={(event) => setValue(event.target.value)}
        className="min-h-11 rounded border border-stone-400 bg-white px-1 text-xs md:min-h-7"
      />
      {value !== day && (
        <Button compact className="text-xs" aria-disabled={pending} onClick={save}>
          Set ship-by
        </Button>
      )}
      {said && (
        <p role="alert" className="basis-full text-xs text-red-900">
          {said}
        </p>
      )}
    </div>
  );
}
