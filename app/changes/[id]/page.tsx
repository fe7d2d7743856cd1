import type { Metadata } from "next";
import { BackToListingsPage } from "@/components/back-to-listings-page";
import { PlanReview } from "@/components/changes/plan-review";
import { requireSeller } from "@/lib/auth/seller";
import { canEdit } from "@/lib/auth/scopes";
import { planRunner } from "@/lib/changes/planning";

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Review a change" };

export default async function ChangePlanPage({ params }: Props) {
  const { id } = await params;
  const seller = await requireSeller(`/changes/${id}`);
  const runner = await planRunner();
  const plan = seller.shopId === null ? undefined : await runner.plans.find(id, seller.shopId);
  const unavailable = plan
    ? undefined
    : {
        title: "Plan not found",
        message: "There is no such plan in your shop. Go back to your listings and plan the change again.",
      };
  return (
    <BackToListingsPage shopName={seller.shopName} unavailable={unavailable}>
      {plan && <PlanReview initial={await runner.plans.opening(plan)} canEdit={canEdit(seller.scopes)} />}
    </BackToListingsPage>
  );
}
