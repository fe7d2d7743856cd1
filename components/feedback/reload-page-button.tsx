"use client";

import { useEffect } from "react";

/**
 * Reloads a page from an older build of the dashboard. `keep` puts what the seller typed in tab storage first, and
 * also when the seller reloads by the browser's own button while this is shown.
 */
export function ReloadPageButton({ keep }: { keep?: () => void }) {
  useEffect(() => {
    if (!keep) return;
    window.addEventListener("pagehide", keep);
    return () => window.removeEventListener("pagehide", keep);
  }, [keep]);
  return (
    <button
      type="button"
      className="mt-2 min-h-11 rounded-md bg-stone-900 px-4 font-medium text-white hover:bg-stone-700"
      onClick={() => {
        keep?.();
        window.location.reload();
      }}
    >
      Reload the page
    </button>
  );
}
