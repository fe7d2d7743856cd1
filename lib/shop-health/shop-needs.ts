import type { Listing } from "../marketplace/wire";
import type { PersonalizationPhase } from "../env-schema";
import { findingsOf, type Calendar } from "./health-check";

/** What the listings page's first card says the shop needs, from the mirror alone (no marketplace request). */
export type ShopNeeds = {
  /** Active listings whose buyers are asked nothing. */
  activeWithoutQuestion: number;
  /** Listings with an outside change to review or a health finding other than "no question". */
  needAttention: number;
};

export function shopNeeds(
  listings: Listing[],
  changedListingIds: number[],
  phase: PersonalizationPhase,
  calendar?: Calendar,
): ShopNeeds {
  const attention = new Set(changedListingIds);
  let activeWithoutQuestion = 0;
  for (const listing of listings) {
    if (listing.state === "active" && listing.questions.length === 0) activeWithoutQuestion++;
    // "No question" is the first line's job; counting it twice would say the same listing needs two things.
    if (findingsOf(listing, phase, calendar).some((finding) => finding !== "no-question")) attention.add(listing.id);
  }
  return { activeWithoutQuestion, needAttention: attention.size };
}
