"use client";

import { useState } from "react";
import { Button } from "../ui/button";

/** Under the list: its age, and a read of the listings afresh from the marketplace. */
export function ReadAgain({ hidden, readAgain }: { hidden: boolean; readAgain: () => Promise<void> }) {
  const [refreshing, setRefreshing] = useState(false);
  const [refreshError, setRefreshError] = useState<string | null>(null);
  const refresh = async () => {
    setRefreshing(true);
    setRefreshError(null);
    try {
      await readAgain();
    } catch (error) {
      setRefreshError(
        error instanceof Error ? error.message : "The listings could not be read again. Try again in a moment.",
      );
    } finally {
      setRefreshing(false);
    }
  };
  return (
    <div className={`mt-6 flex flex-wrap items-center gap-3 text-sm text-stone-600 ${hidden ? "hidden" : ""}`}>
      <p>Changed listings on the marketplace itself? This list may be up to 30 seconds old.</p>
      <Button compact onClick={refresh} disabled={refreshing}>
        {refreshing ? "Reading your listings…" : "Read the listings again"}
      </Button>
      {refreshError && (
        <p role="alert" className="text-red-800">
          {refreshError}
        </p>
      )}
    </div>
  );
}
