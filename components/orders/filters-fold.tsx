"use client";

import { useEffect, useRef, type ReactNode } from "react";

/** Filters folded on a phone, so the queue comes first; opened on a wider screen once the page has loaded. */
export function FiltersFold({ children }: { children: ReactNode }) {
  const fold = useRef<HTMLDetailsElement>(null);
  useEffect(() => {
    if (fold.current && window.matchMedia("(min-width: 768px)").matches) fold.current.open = true;
  }, []);
  return (
    <details ref={fold} className="mt-4">
      <summary className="inline-flex min-h-11 cursor-pointer items-center text-sm font-semibold md:min-h-9">
        Filters
      </summary>
      {children}
    </details>
  );
}
