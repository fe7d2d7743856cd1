"use client";

import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchFromDashboard, listingKey } from "@/lib/listings/query-keys";
import type { Listing, Question } from "@/lib/marketplace/wire";
import { historyKey } from "../history/history-key";
import { useSignInOnExpiry } from "../use-sign-in-on-expiry";

export function useEditedListing(listingId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: listingKey(listingId),
    queryFn: () => fetchFromDashboard<Listing>(`/api/listings/${listingId}`),
  });
  useSignInOnExpiry(query.error, `/listings/${listingId}`);
  const [formVersion, setFormVersion] = useState(0);

  // These questions are now the listing's: shown at once, and the list and the history read again.
  const stored = (questions: Question[]) => {
    queryClient.setQueryData<Listing>(
      listingKey(listingId),
      (listing) => listing && { ...listing, isPersonalizable: questions.length > 0, questions, legacyDisagrees: false },
    );
    void queryClient.invalidateQueries({ queryKey: ["listings"] });
    void queryClient.invalidateQueries({ queryKey: historyKey(listingId) });
  };
  const restored = (questions: Question[]) => {
    stored(questions);
    setFormVersion((version) => version + 1);
  };
  return { query, listing: query.data, formVersion, stored, restored };
}
