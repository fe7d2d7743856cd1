"use client";

import type { UseQueryResult } from "@tanstack/react-query";
import { describeSnapshot } from "@/lib/personalization/snapshot";
import type { QuestionTemplate } from "@/lib/templates/template";
import { Button } from "../ui/button";

/** The templates dialog's second section: the seller's templates, each to use here (where it fits) or delete. */
export function TemplateList({
  ids,
  query,
  fits,
  pending,
  onApply,
  onDelete,
}: {
  ids: string;
  query: UseQueryResult<QuestionTemplate[]>;
  fits: (template: QuestionTemplate) => boolean;
  pending: boolean;
  onApply: (template: QuestionTemplate) => void;
  onDelete: (template: QuestionTemplate) => void;
}) {
  return (
    <section aria-labelledby={`${ids}-list`} className="mt-6">
      <h3 id={`${ids}-list`} className="font-medium">
        Your templates
      </h3>
      {query.isPending && <p className="mt-2 text-sm">Loading your templates…</p>}
      {query.isError && <p className="mt-2 text-sm text-red-800">{query.error.message}</p>}
      {query.data?.length === 0 && (
        <p className="mt-2 text-sm text-stone-700">
          No templates yet. Save the question above to reuse it on other listings.
        </p>
      )}
      {query.data && query.data.length > 0 && (
        <ul className="mt-2 divide-y divide-stone-200">
          {query.data.map((template) => {
            const usable = fits(template);
            const described = `${ids}-${template.id}`;
            return (
              <li
                key={template.id}
                className="flex flex-wrap items-center justify-between gap-2 py-3"
                data-testid="template"
              >
                <div className="min-w-0">
                  <p className="font-medium break-words">{template.name}</p>
                  <p id={described} className="text-sm break-words text-stone-700">
                    {describeSnapshot(template.questionSet)}
                    {usable
                      ? ""
                      : ". This editor asks one text question, so use this template where several questions can be edited."}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    disabled={!usable || pending}
                    onClick={() => onApply(template)}
                    aria-label={`Use template “${template.name}”`}
                    aria-describedby={described}
                    className="text-sm font-medium"
                  >
                    Use
                  </Button>
                  <Button
                    disabled={pending}
                    onClick={() => onDelete(template)}
                    aria-label={`Delete template “${template.name}”`}
                    className="text-sm font-medium"
                  >
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
