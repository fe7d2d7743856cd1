import type { Database } from "../../lib/db/database";
import { planOfTargets } from "../../lib/changes/plan";
import { planRecords } from "../../lib/changes/plan-records";
import { reviewReads } from "../../lib/changes/review-reads";
import { listingQuestionsWire, toListingQuestions } from "../../lib/marketplace/question-wire";
import type { Question } from "../../lib/marketplace/wire";
import { sandboxControl, storedListing, type CreatedSeller } from "./sandbox";

/**
 * A change, reviewed and applying, giving every listing of `seller` one text question with `instructions`, with the app
 * held to `perSecond` requests a second so that it is still mid-way when a test stops the instance running it.
 */
export async function startPacedChange(
  database: Database,
  sandbox: { url: string; keystring: string },
  seller: CreatedSeller,
  instructions: string,
  perSecond = 10,
) {
  await sandboxControl(sandbox.url, "/rate-limits", {
    keystring: sandbox.keystring,
    per_second: perSecond,
    per_day: 1_000_000,
  });
  const listings = [];
  for (const listingId of seller.listing_ids)
    listings.push(toListingQuestions(listingQuestionsWire.parse(await storedListing(sandbox.url, listingId))));
  const after: Question[] = [
    { type: "text_input", title: "Personalization", instructions, required: true, maxAllowedCharacters: 40 },
  ];
  const plans = planRecords(database);
  const shopId = seller.shop_id as number;
  const planId = (await plans.create({
    userId: seller.user_id,
    shopId,
    description: instructions,
    phase: "single",
    rate: { perSecond, remainingToday: null },
    items: planOfTargets(listings, new Map(listings.map((listing) => [listing.listingId, { after }])), "single"),
  }))!;
  await plans.startApply(planId, shopId);
  return { plans, review: reviewReads(database), planId };
}
