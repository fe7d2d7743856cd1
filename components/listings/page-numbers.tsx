"use client";

import { useState, type FormEvent } from "react";
import type { ListingsView } from "@/lib/listings/view";
import { ViewLink } from "./view-link";

export function pageNumbersAround(page: number, pages: number): (number | "gap")[] {
  const shown = [...new Set([1, page - 2, page - 1, page, page + 1, page + 2, pages])]
    .filter((number) => number >= 1 && number <= pages)
    .sort((a, b) => a - b);
  return shown.flatMap((number, index) =>
    index > 0 && number - shown[index - 1]! > 1 ? (["gap", number] as const) : [number],
  );
}

const link =
  "inline-flex min-h-11 min-w-11 items-center justify-center rounded-md px-3 ring-1 ring-stone-300 hover:bg-stone-100 md:min-h-9 md:min-w-9";

export function PageNumbers({
  view,
  pages,
  onShow,
}: {
  view: ListingsView;
  pages: number;
  onShow: (view: ListingsView) => void;
}) {
  const [jump, setJump] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const page = Number(jump);
    if (!Number.isInteger(page) || page < 1 || page > pages) {
      setError(`There is no page ${jump.trim() || "with no number"}. Type a page number from 1 to ${pages}.`);
      return;
    }
    setError(null);
    setJump("");
    onShow({ ...view, page });
  };
  return (
    <div className="flex flex-wrap items-center gap-2">
      {view.page > 1 && (
        <ViewLink to={{ ...view, page: view.page - 1 }} onShow={onShow} className={link}>
          Previous page
        </ViewLink>
      )}
      {pages > 1 && (
        <ol className="flex flex-wrap items-center gap-1">
          {pageNumbersAround(view.page, pages).map((number, index) =>
            number === "gap" ? (
              <li key={`gap-${index}`} aria-hidden="true" className="px-1 text-stone-500">
                …
              </li>
            ) : (
              <li key={number}>
                <ViewLink
                  to={{ ...view, page: number }}
                  onShow={onShow}
                  aria-label={`Page ${number}`}
                  aria-current={number === view.page ? "page" : undefined}
                  className={`${link} ${number === view.page ? "bg-stone-900 font-semibold text-white ring-stone-900 hover:bg-stone-900" : ""}`}
                >
                  {number}
                </ViewLink>
              </li>
            ),
          )}
        </ol>
      )}
      {view.page < pages && (
        <ViewLink to={{ ...view, page: view.page + 1 }} onShow={onShow} className={link}>
          Next page
        </ViewLink>
      )}
      {pages > 1 && (
        <form onSubmit={submit} className="flex items-center gap-2" noValidate>
          <label htmlFor="page-jump" className="text-stone-700">
            Go to page
          </label>
          <input
            id="page-jump"
            inputMode="numeric"
            value={jump}
            onChange={(event) => setJump(event.target.value)}
            aria-describedby={error ? "page-jump-error" : undefined}
            aria-invalid={error ? true : undefined}
            className="min-h-11 w-16 rounded-md bg-white px-2 ring-1 ring-stone-300 md:min-h-9"
          />
          <button type="submit" className={link}>
            Go
          </button>
          {error && (
            <p id="page-jump-error" role="alert" className="w-full text-red-800">
              {error}
            </p>
          )}
        </form>
      )}
    </div>
  );
}
