"use client";

import { useEffect, useRef } from "react";
import type { QuestionTemplate } from "@/lib/templates/template";
import { Button } from "../ui/button";

export type Asking = { kind: "replace"; name: string } | { kind: "delete"; template: QuestionTemplate };

/** The templates dialog's own question before a template is replaced or deleted: asked in place, its sentence focused. */
export function TemplateConfirm({
  asking,
  pending,
  onConfirm,
  onKeep,
}: {
  asking: Asking;
  pending: boolean;
  onConfirm: () => void;
  onKeep: () => void;
}) {
  const heading = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, [asking]);
  return (
    <div className="mt-3 rounded-lg bg-amber-50 p-3 text-sm text-amber-950 ring-1 ring-amber-200">
      <p ref={heading} tabIndex={-1} className="font-medium outline-none">
        {asking.kind === "replace"
          ? `Replace template “${asking.name}”? What it holds now is lost.`
          : `Delete template “${asking.template.name}”? This cannot be undone.`}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">
        <Button variant="danger" disabled={pending} onClick={onConfirm}>
          {asking.kind === "replace" ? `Replace “${asking.name}”` : `Delete “${asking.template.name}”`}
        </Button>
        <Button onClick={onKeep} className="text-sm font-medium">
          {asking.kind === "replace" ? "Keep the old template" : "Keep the template"}
        </Button>
      </div>
    </div>
  );
}
