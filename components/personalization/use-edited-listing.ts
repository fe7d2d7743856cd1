"use client";

import { useState } from "react";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { fetchFromDashboard, listingKey } from "@/lib/listings/query-keys";
import type { Listing, Question } from "@/lib/marketplace/wire";
import { historyKey } from "./history-key";
import { useSignInOnExpiry } from "../use-sign-in-on-expiry";

export function useEditedListing(listingId: number) {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: listingKey(listingId),
    queryFn: () => fetchFromDashboard<Listing>(`/api/listings/${listingId}`),
  });
  useSignInOnExpiry(query.error, `/listings/${listingId}`);
  const [formVersion, setFormVersion] = useState(0);

  const stored = (next: Listing) => {
    queryClient.setQueryData(listingKey(listingId), next);
    void queryClient.invalidateQueries({ queryKey: ["listings"] });
    void queryClient.invalidateQueries({ queryKey: historyKey(listingId) });
  };
  const restored = (listing: Listing, questions: Question[]) => {
    stored({ ...listing, isPersonalizable: questions.length > 0, questions, legacyDisagrees: false });
    setFormVersion((version) => version + 1);
  };
  return { query, listing: query.data, formVersion, stored, restored };
}
