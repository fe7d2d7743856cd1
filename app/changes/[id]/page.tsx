import type { Metadata } from "next";
import { BackToListingsPage } from "@/components/back-to-listings-page";
import { PlanReview } from "@/components/changes/plan-review";
import { requireSeller } from "@/lib/auth/seller";
import { canEdit } from "@/lib/marketplace/scopes";
import { planRunner } from "@/lib/changes/planning";
import { db } from "@/lib/db";
import { personalizationPhase } from "@/lib/personalization/phase-probe";
import { mirrorStore } from "@/lib/mirror/mirror-store";
import { findingAnchor, healthCheck } from "@/lib/shop-health/health-check";
import { healthCalendar } from "@/lib/shop-health/health-calendar";
import { findingsPlannedIn, nextFinding } from "@/lib/shop-health/health-fixes";

type Props = { params: Promise<{ id: string }> };

export const metadata: Metadata = { title: "Review a change" };

// A plan of the health check goes on to the check, and to the next finding it still shows, not only to the listings.
async function healthCheckLinks(shopId: number, description: string) {
  const planned = findingsPlannedIn(description);
  if (planned.length === 0) return [];
  const links = [{ href: "/inbox#health-heading", label: "Back to the health check" }];
  const store = mirrorStore(await db());
  if ((await store.shop(shopId))?.status !== "filled") return links;
  const report = healthCheck(await store.listings(shopId), await personalizationPhase().current(), healthCalendar());
  const next = nextFinding(
    report.findings.map(({ finding }) => finding),
    planned,
  );
  return next ? [...links, { href: `/inbox#${findingAnchor(next)}`, label: "Next finding" }] : links;
}

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
      {plan && (
        <PlanReview
          initial={await runner.review.opening(plan)}
          canEdit={canEdit(seller.scopes)}
          afterwards={await healthCheckLinks(plan.shopId, plan.description)}
        />
      )}
    </BackToListingsPage>
  );
}
