import { readForShop } from "@/lib/api/seller-reads";
import { planRunner } from "@/lib/changes/planning";

// GET /api/changes/{id}/progress?since=<ms>: an applying plan's counts and the rows settled since, for the review's poll.
export async function GET(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const since = Number(new URL(request.url).searchParams.get("since"));
  return readForShop(async (seller) => {
    const runner = await planRunner();
    const plan = await runner.plans.find(id, seller.shopId);
    return plan && runner.review.progress(plan, Number.isFinite(since) ? since : 0);
  }, "There is no such plan in your shop. Go back to your listings.");
}
