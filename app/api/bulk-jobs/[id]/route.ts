import { ensureJobRunner } from "@/lib/bulk/background-runner";
import { readForShop } from "@/lib/api/seller-reads";

export async function GET(_request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return readForShop(async (seller) => {
    const runner = await ensureJobRunner();
    const job = await runner.jobs.find(id, seller.shopId);
    return job && runner.jobs.view(job, runner.pacer.perSecond());
  }, "There is no such bulk change in your shop. Go back to your listings.");
}
