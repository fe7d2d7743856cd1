import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { emptyChangeTables, testPlan } from "../../test/harness/change-tables";
import { createSeller, DEMO_API_KEY, sandboxControl, type CreatedSeller } from "../../test/harness/sandbox";
import { sandboxMarketplaceConfig, storeSellerTokens } from "../../test/harness/seller-marketplace";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { TEXT_QUESTION as text } from "../../test/harness/wire-questions";
import { tokenStore } from "../tokens/token-store";
import { openDatabase, type Database } from "../db/database";
import { createMarketplace, type Marketplace } from "../marketplace/client";
import { sharedPacer } from "../marketplace/shared-pacer";
import { storedListingWrites } from "../marketplace/write-counts";
import { readListingQuestions } from "./listing-reads";
import { planOfChange } from "./plan";
import { createPlanRunner, type PlanRunner } from "./plan-runner";
import { planUndo } from "./planning";

const sandbox = useSeededSandbox({ phase: "add-on-resend" });

describe("the seller's own reads while planning", () => {
  let db: Database;
  let runner: PlanRunner;
  let sellerLane: Marketplace;
  let seller: CreatedSeller;

  /** Requests the runner's quota log holds: its own, counted against the rolling day. */
  const runnerQuotaLog = async () =>
    Number(
      (await db.query<{ requests: number | null }>("SELECT SUM(requests) AS requests FROM quota_minutes"))[0]
        ?.requests ?? 0,
    );
  const readsOfListings = async (since: number) =>
    (
      (await sandboxControl(sandbox.url, "/requests")).body.requests as { id: number; method: string; path: string }[]
    ).filter((entry) => entry.id > since && entry.method === "GET" && entry.path.includes("/listings")).length;
  const lastRequestId = async () =>
    ((await sandboxControl(sandbox.url, "/requests")).body.requests as { id: number }[]).at(-1)?.id ?? 0;

  beforeEach(async () => {
    db = await openDatabase(":memory:");
    await emptyChangeTables(db);
    seller = await createSeller(sandbox.url, { listings: 2 });
    const { access_token: token } = await storeSellerTokens(tokenStore(db), sandbox.url, seller.user_id, [
      "listings_r",
      "listings_w",
      "shops_r",
    ]);
    for (const listingId of seller.listing_ids) {
      const put = await fetch(
        `${sandbox.url}/v3/application/shops/${seller.shop_id}/listings/${listingId}/personalization?supports_multiple_personalization_questions=true`,
        {
          method: "POST",
          headers: { "x-api-key": DEMO_API_KEY, authorization: `Bearer ${token}`, "content-type": "application/json" },
          body: JSON.stringify({ personalization_questions: [text] }),
        },
      );
      expect(put.status).toBe(201);
    }
    const config = sandboxMarketplaceConfig(sandbox.url);
    runner = createPlanRunner({ db, config, store: tokenStore(db) }, { idleMs: 50, backoffMs: () => 50 });
    // As lib/marketplace/index.ts makes the dashboard's own client: the foreground lane of the shared pacer.
    sellerLane = createMarketplace(
      { ...config, pacer: sharedPacer(db, { foreground: true }) },
      tokenStore(db),
      storedListingWrites(db),
    );
  });

  afterEach(async () => {
    await runner.stop();
    await db.close();
  });

  it("an undo reads the shop on the seller's lane, so the runner's quota log counts only the runner's own work", async () => {
    const who = { userId: seller.user_id, shopId: seller.shop_id! };
    const ids = seller.listing_ids.slice(0, 2);
    const read = await readListingQuestions(runner.marketplace, who, ids);
    if (!read.ok) throw new Error(JSON.stringify(read.failure));
    // The runner's own read is in its log.
    expect(await runnerQuotaLog()).toBeGreaterThan(0);
    const change = { kind: "text-instructions", instructions: "Print clearly" } as const;
    const items = planOfChange(read.data, change, "multi");
    const planId = (await runner.plans.create(testPlan(who, items)))!;
    expect(await runner.plans.startApply(planId, seller.shop_id!)).toBe(true);
    await runner.apply((await runner.plans.find(planId))!);

    const logged = await runnerQuotaLog();
    const since = await lastRequestId();
    const undo = await planUndo(who, (await runner.plans.find(planId))!, { runner, reads: sellerLane });
    expect(undo.ok).toBe(true);
    expect(await readsOfListings(since)).toBeGreaterThan(0);
    expect(await runnerQuotaLog()).toBe(logged);
  });
});
