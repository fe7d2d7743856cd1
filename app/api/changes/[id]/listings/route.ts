import { NextResponse } from "next/server";
import { readForShop } from "@/lib/api/seller-reads";
import { planRunner } from "@/lib/changes/planning";
import { PLAN_FILTERS, selectionOfRows, type PlanFilter } from "@/lib/changes/plan-view";
import { MAX_SELECTED_LISTINGS } from "@/lib/changes/selection-schema";

// GET /api/changes/{id}/listings?filter=changes: the listings of one filter, for the listings page to select.
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const filter = new URL(request.url).searchParams.get("filter") ?? "changes";
  if (!PLAN_FILTERS.includes(filter as PlanFilter))
    return NextResponse.json(
      {
        error: `filter must be one of ${PLAN_FILTERS.join(", ")}; leave it out for the listings that change.`,
        reauth: false,
      },
      { status: 400 },
    );
  return readForShop(async (seller) => {
    const runner = await planRunner();
    const plan = await runner.plans.find(id, seller.shopId);
    return (
      plan && selectionOfRows(await runner.review.listingsOf(plan.id, filter as PlanFilter, MAX_SELECTED_LISTINGS))
    );
  }, "There is no such plan in your shop. Go back to your listings.");
}
