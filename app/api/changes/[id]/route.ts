import { NextResponse } from "next/server";
import { readForShop } from "@/lib/api/seller-reads";
import { planRunner } from "@/lib/changes/planning";
import { PLAN_FILTERS, type PlanFilter } from "@/lib/changes/plan-view";

// GET /api/changes/{id}[?filter=all|changes|skipped|conflicts&offset=N]: the plan and one page of its rows.
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const query = new URL(request.url).searchParams;
  const filter = query.get("filter") ?? "all";
  const offset = Number(query.get("offset") ?? 0);
  if (!PLAN_FILTERS.includes(filter as PlanFilter))
    return NextResponse.json(
      { error: `filter must be one of ${PLAN_FILTERS.join(", ")}; leave it out to see every row.`, reauth: false },
      { status: 400 },
    );
  if (!Number.isSafeInteger(offset) || offset < 0)
    return NextResponse.json(
      {
        error: "offset must be a whole number of rows, 0 or more; leave it out to start at the first row.",
        reauth: false,
      },
      { status: 400 },
    );
  return readForShop(async (seller) => {
    const runner = await planRunner();
    const plan = await runner.plans.find(id, seller.shopId);
    return plan && runner.review.page(plan, { filter: filter as PlanFilter, offset });
  }, "There is no such plan in your shop. Go back to your listings.");
}
