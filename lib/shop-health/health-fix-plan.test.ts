import { beforeEach, describe, expect, it } from "vitest";
import { useSeededSandbox } from "../../test/harness/use-sandbox";
import { storedListing } from "../../test/harness/sandbox";
import { BO_HEALTH_PROBLEMS, DEMO_SELLERS } from "../../sandbox/store/seed";
import { tokenStore } from "../tokens/token-store";
import { openDatabase, type Database } from "../db/database";
import type { Marketplace } from "../marketplace/client";
import { createPlanRunner, type PlanRunner } from "../changes/plan-runner";
import { healthCheck } from "./health-check";
import { planHealthFix } from "./health-fix-plan";
import { findingsPlannedIn } from "./health-fixes";
import { shopMirror, type ShopMirror } from "../mirror/shop-mirror";
import { signedInAs } from "../../test/harness/mirror-shop";

const sandbox = useSeededSandbox({ phase: "add-on-resend" });
const BO = { userId: DEMO_SELLERS.bo.user_id, shopId: DEMO_SELLERS.bo.shop_id };
const FIRST_ID = 2_000_000_001;

describe("the health check's fixes on BulkBazaar", () => {
  let db: Database;
  let mirror: ShopMirror;
  let runner: PlanRunner;
  let marketplace: Marketplace;

  const scan = async () => healthCheck(await mirror.store.listings(BO.shopId), "multi");
  const counts = async () =>
    Object.fromEntries((await scan()).findings.map(({ finding, listings }) => [finding, listings.length]));

  /** Bo's fix planned over the mirror's listings in the multi-question period; the plan's id. */
  const plannedFix = async (fix: Parameters<typeof planHealthFix>[3]) => {
    const planned = await planHealthFix(marketplace, BO, await mirror.store.listings(BO.shopId), fix, "multi", runner);
    if (!planned.ok || planned.data === null) throw new Error(`no plan: ${JSON.stringify(planned)}`);
    return planned.data;
  };

  beforeEach(async () => {
    db = await openDatabase(":memory:");
    const signedIn = await signedInAs(sandbox.url, db, DEMO_SELLERS.bo);
    marketplace = signedIn.marketplace;
    mirror = shopMirror(db, marketplace);
    runner = createPlanRunner({ db, config: signedIn.config, store: tokenStore(db) });
    expect(await mirror.fill(BO)).toEqual({ ok: true, data: true });
    return () => db.close();
  });

  it("finds each seeded kind of problem with its exact count", async () => {
    const report = await scan();
    expect(report.scanned).toBe(260);
    expect(
      Object.fromEntries(report.findings.map(({ finding, listings }) => [finding, listings.map(({ id }) => id)])),
    ).toEqual(
      Object.fromEntries(
        Object.entries(BO_HEALTH_PROBLEMS).map(([finding, indexes]) => [
          finding,
          indexes.map((index) => FIRST_ID + index),
        ]),
      ),
    );
  });

  it("plans sentence case for the all-caps instructions, writes it only once applied, and a second scan finds none", async () => {
    const planId = await plannedFix({ finding: "all-caps", fix: "sentence-case" });
    const plan = (await runner.plans.find(planId))!;
    const view = await runner.review.view(plan);
    expect(view.items.map((item) => [item.listingId, item.status])).toEqual(
      BO_HEALTH_PROBLEMS["all-caps"].map((index) => [FIRST_ID + index, "change"]),
    );
    expect(view.items[0]!.diff.flatMap((question) => question.fields)).toEqual([
      {
        field: "Instructions",
        before: "“TYPE YOUR INITIALS below, three letters at most.”",
        after: "“Type your initials below, three letters at most.”",
      },
    ]);
    const [first] = BO_HEALTH_PROBLEMS["all-caps"];
    expect(
      (await storedListing(sandbox.url, FIRST_ID + first)).personalization.personalization_questions[0],
    ).toMatchObject({ instructions: "TYPE YOUR INITIALS below, three letters at most." });

    expect(await runner.plans.startApply(planId, BO.shopId)).toBe(true);
    await runner.apply((await runner.plans.find(planId))!);
    expect((await runner.review.view((await runner.plans.find(planId))!)).status).toBe("applied");
    expect(
      (await storedListing(sandbox.url, FIRST_ID + first)).personalization.personalization_questions[0],
    ).toMatchObject({ instructions: "Type your initials below, three letters at most." });

    expect(await mirror.readRecent(BO, "read")).toMatchObject({ ok: true });
    expect(await counts()).toEqual({
      "too-long": 2,
      "required-without-instructions": 2,
      "add-on-price": 2,
      "no-question": 2,
      refused: 2,
    });
  });

  it("turns personalization off on the listings that ask nothing, after review", async () => {
    const planId = await plannedFix({ finding: "no-question", fix: "turn-off" });
    expect(await runner.plans.startApply(planId, BO.shopId)).toBe(true);
    await runner.apply((await runner.plans.find(planId))!);
    const view = await runner.review.view((await runner.plans.find(planId))!);
    expect(view.items.map((item) => item.outcome)).toEqual(["done", "done"]);
    expect(await mirror.readRecent(BO, "read")).toMatchObject({ ok: true });
    expect((await counts())["no-question"]).toBeUndefined();
  });

  it("plans every finding's fix that needs no words as one plan, names each fix, and leaves out the findings that need words", async () => {
    const planId = await plannedFix("every-automatic");
    const plan = (await runner.plans.find(planId))!;
    expect(plan.description).toBe(
      "Health check: instructions in capitals put in sentence case; required questions without instructions made optional; questions with an add-on price made optional (a price on a non-text question is dropped); personalization turned off on listings without a question",
    );
    expect(findingsPlannedIn(plan.description)).toEqual([
      "all-caps",
      "required-without-instructions",
      "add-on-price",
      "no-question",
    ]);
    const automatic = [
      ...BO_HEALTH_PROBLEMS["all-caps"],
      ...BO_HEALTH_PROBLEMS["required-without-instructions"],
      ...BO_HEALTH_PROBLEMS["add-on-price"],
      ...BO_HEALTH_PROBLEMS["no-question"],
    ].map((index) => FIRST_ID + index);
    const view = await runner.review.view(plan);
    expect(view.items.map((item) => [item.listingId, item.status]).sort()).toEqual(
      automatic.map((id) => [id, "change"]).sort(),
    );

    expect(await runner.plans.startApply(planId, BO.shopId)).toBe(true);
    await runner.apply((await runner.plans.find(planId))!);
    expect((await runner.review.view((await runner.plans.find(planId))!)).status).toBe("applied");
    const [caps] = BO_HEALTH_PROBLEMS["all-caps"];
    expect(
      (await storedListing(sandbox.url, FIRST_ID + caps)).personalization.personalization_questions[0],
    ).toMatchObject({ instructions: "Type your initials below, three letters at most." });
    const [required] = BO_HEALTH_PROBLEMS["required-without-instructions"];
    expect(
      (await storedListing(sandbox.url, FIRST_ID + required)).personalization.personalization_questions[0],
    ).toMatchObject({ required: false });
    expect(await mirror.readRecent(BO, "read")).toMatchObject({ ok: true });
    expect(await counts()).toEqual({ "too-long": 2, refused: 2 });
  });
});
