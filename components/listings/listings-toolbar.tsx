"use client";

import { useEffect, useRef, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { fetchFromDashboard, stateCountsKey, VIEW_STATES } from "@/lib/listings/query-keys";
import { MAX_SEARCH_LENGTH, QUESTION_FILTERS, SORTS, type ListingsView, type StateCounts } from "@/lib/listings/view";
import { ViewLink } from "./view-link";
import { useMirrorView } from "../mirror/mirror-status";
import type { ShowView } from "./use-listings-view";

const SEARCH_DELAY_MS = 300;

const control = "min-h-11 rounded-md bg-white px-3 ring-1 ring-stone-300 md:min-h-9";

export function ListingsToolbar({ view, onShow }: { view: ListingsView; onShow: ShowView }) {
  const [text, setText] = useState(view.q);
  const counts = useQuery({
    queryKey: stateCountsKey,
    queryFn: () => fetchFromDashboard<StateCounts>("/api/listings/counts"),
    // Counted from the shop's copy: read once it is filled, as the shop's needs are.
    enabled: useMirrorView()?.status === "filled",
  }).data;
  const sent = useRef(view.q);
  const latestShow = useRef(onShow);
  useEffect(() => {
    latestShow.current = onShow;
  });

  useEffect(() => {
    if (view.q !== sent.current) {
      sent.current = view.q;
      setText(view.q);
    }
  }, [view.q]);

  const send = (typed: string) => {
    const q = typed.trim();
    if (q === sent.current) return;
    sent.current = q;
    latestShow.current({ q, page: 1 }, { replace: true });
  };

  useEffect(() => {
    const timer = setTimeout(() => send(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);

  return (
    <div className="space-y-3">
      <nav aria-label="Filter by state">
        <ul className="flex gap-2 whitespace-nowrap max-md:overflow-x-auto max-md:pb-1 max-md:[&>li]:shrink-0 md:flex-wrap">
          {VIEW_STATES.map((option) => (
            <li key={option.value}>
              <ViewLink
                to={{ ...view, state: option.value, page: 1 }}
                onShow={onShow}
                aria-current={option.value === view.state ? "page" : undefined}
                className={`inline-flex min-h-11 items-center rounded-full px-4 text-sm ring-1 md:min-h-8 md:px-3 ${option.value === view.state ? "bg-stone-900 text-white ring-stone-900" : "bg-white text-stone-700 ring-stone-300 hover:bg-stone-100"}`}
              >
                {option.label}{" "}
                {/* Room for two digits before the count arrives, so the tabs keep their place when it does. */}
                <span
                  className="ml-1 inline-block min-w-[2ch] tabular-nums"
                  data-testid={counts?.[option.value] === undefined ? undefined : "state-count"}
                >
                  {counts?.[option.value]}
                </span>
              </ViewLink>
            </li>
          ))}
        </ul>
      </nav>
      <form
        role="search"
        aria-label="Find listings"
        action="/listings"
        method="get"
        onSubmit={(event) => {
          event.preventDefault();
          send(text);
        }}
        className="grid grid-cols-2 items-end gap-3 text-sm sm:grid-cols-[1fr_auto_auto]"
      >
        <input type="hidden" name="state" value={view.state} />
        <div className="col-span-2 flex flex-col gap-1 sm:col-span-1">
          <label htmlFor="listing-search" className="font-medium">
            Search by title or listing number
          </label>
          <input
            id="listing-search"
            name="q"
            type="search"
            value={text}
            maxLength={MAX_SEARCH_LENGTH}
            onChange={(event) => setText(event.target.value)}
            placeholder="For example: necklace"
            className={control}
          />
        </div>
        <Choice
          id="listing-filter"
          name="filter"
          label="Personalization"
          value={view.filter}
          options={QUESTION_FILTERS}
          onChange={(filter) => onShow({ filter, page: 1 })}
        />
        <Choice
          id="listing-sort"
          name="sort"
          label="Sort by"
          value={view.sort}
          options={SORTS}
          onChange={(sort) => onShow({ sort, page: 1 })}
        />
      </form>
    </div>
  );
}

function Choice<T extends string>({
  id,
  name,
  label,
  value,
  options,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: T;
  options: readonly { value: T; label: string }[];
  onChange: (value: T) => void;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value as T)}
        className={control}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
