"use client";

import { useEffect } from "react";
import { Button } from "../ui/button";

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
    <Button
      variant="dark"
      className="mt-2"
      onClick={() => {
        keep?.();
        window.location.reload();
      }}
    >
      Reload the page
    </Button>
  );
}
