import { rmSync } from "node:fs";
import { randomBytes } from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { freePort, startDashboard, type DashboardProcess } from "../test/harness/dashboard-process";
import { addQuestion, editor } from "./editor";
import { E2E } from "./ports";
import {
  type TestSeller,
  control,
  inPhase,
  inShopManager,
  newSeller,
  putQuestion,
  shopManagerEdit,
  signIn,
} from "./sandbox-control";

type StoredListing = { personalization: { personalization_questions: Record<string, unknown>[] } };

const POLL_SECONDS = 2;

/** Signs in on `base` and waits until the shop's mirror is filled (the listings page says how it keeps fresh). */
async function signInAndFill(page: Page, seller: TestSeller, base: string, how: RegExp) {
  await signIn(page, seller, { from: `${base}/sign-in` });
  await expect(page.getByTestId("mirror-status")).toContainText(how, { timeout: 20_000 });
}

/** The inbox, read again until `found` shows (the inbox itself never asks the marketplace). */
async function inboxShows(page: Page, base: string, title: string, found: string, withinMs: number) {
  const started = Date.now();
  await expect(async () => {
    await page.goto(`${base}/inbox`);
    await expect(page.getByRole("listitem").filter({ hasText: title })).toContainText(found, { timeout: 250 });
  }).toPass({ timeout: withinMs, intervals: [250] });
  return Date.now() - started;
}

type Deliveries = {
  deliveries: { state: "pending" | "delivered" | "failed"; event_type: string; body: { shop_id: number } }[];
};

/** The sandbox's deliveries of the shop's events: it keeps only the latest 100 of all shops. */
async function shopDeliveries(shopId: number) {
  const { deliveries } = await control<Deliveries>("/webhooks");
  return deliveries.filter((delivery) => delivery.body.shop_id === shopId);
}

/** Waits until the sandbox delivered more than `count` of the shop's webhooks and none is pending; returns how many. */
async function allDelivered(shopId: number, count: number) {
  let delivered = count;
  await expect
    .poll(async () => {
      const deliveries = await shopDeliveries(shopId);
      delivered = deliveries.filter((delivery) => delivery.state === "delivered").length;
      return delivered > count && deliveries.every((delivery) => delivery.state === "delivered");
    })
    .toBe(true);
  return delivered;
}

test.describe("with the marketplace's webhooks (the e2e dashboard subscribed itself at start)", () => {
  inPhase("webhooks");

  test("an edit the seller makes on the marketplace appears in the inbox within 5 s through a signed webhook, and the listing is marked; reverting it from the inbox never shows as outside", async ({
    page,
  }) => {
    const seller = await newSeller(3);
    const listingId = seller.listing_ids[1]!;
    await signInAndFill(page, seller, E2E.dashboardUrl, /kept fresh by the marketplace's webhooks/);
    const before = (await shopDeliveries(seller.shop_id)).length;
    await shopManagerEdit(listingId, "Set in Shop Manager", 25);

    const took = await inboxShows(
      page,
      E2E.dashboardUrl,
      "Test listing 2",
      "reported by the marketplace's webhook",
      5000,
    );
    expect(took).toBeLessThan(5000);
    const change = page.getByRole("listitem").filter({ hasText: "Test listing 2" });
    await expect(change.getByTestId("question-change")).toHaveText([
      "Added: “Personalization” (Text)Instructions: “Set in Shop Manager”Character limit: 25Required: YesAdd-on price: None",
    ]);

    await page.goto("/listings");
    await expect(
      page
        .getByRole("row")
        .filter({ hasText: "Test listing 2" })
        .getByRole("link", { name: "Changed outside the dashboard" }),
    ).toBeVisible();

    await page.goto("/inbox");
    const delivered = await allDelivered(seller.shop_id, before);
    await page.getByRole("button", { name: "Revert it: the change to “Test listing 2”" }).click();
    await expect(page.getByText("Reverted. “Test listing 2” asks buyers again: No question.")).toBeVisible();
    // The revert's own webhook comes after its answer; it is the dashboard's write, not an outside change.
    await allDelivered(seller.shop_id, delivered);
    await page.reload();
    await expect(page.getByText("No changes from outside the dashboard.")).toBeVisible();
    expect(
      (await control<{ personalization: { personalization_questions: unknown[] } }>(`/listings/${listingId}`))
        .personalization.personalization_questions,
    ).toEqual([]);
  });

  test("an outside edit of a two-question listing's price shows in the inbox under that question, field by field", async ({
    page,
  }) => {
    const seller = await newSeller(1);
    const [listingId] = seller.listing_ids as [number];
    const gift = { question_type: "text_input", question_text: "Name to engrave", required: false };
    const colour = { question_type: "dropdown", question_text: "Colour", required: true, options: [{ label: "Red" }] };
    await inShopManager(listingId, [{ ...gift, max_allowed_characters: 20, add_on_price: 5 }, colour]);
    await signInAndFill(page, seller, E2E.dashboardUrl, /kept fresh by the marketplace's webhooks/);

    // The same two questions, ids and all, as Shop Manager keeps them; only the price changes.
    const stored = (await control<StoredListing>(`/listings/${listingId}`)).personalization.personalization_questions;
    await inShopManager(listingId, [{ ...stored[0], add_on_price: 3.5 }, stored[1]]);

    await inboxShows(page, E2E.dashboardUrl, "Test listing 1", "Add-on price: $5.00 → $3.50", 5000);
    const change = page.getByRole("listitem").filter({ hasText: "Test listing 1" });
    await expect(change.getByTestId("question-change")).toHaveText([
      "“Name to engrave” (Text)Add-on price: $5.00 → $3.50",
    ]);
  });
});

test.describe("without webhooks, the dashboard polls", () => {
  let dashboard: DashboardProcess;
  const dashboardDb = `test-results/e2e-polling-${E2E.dashboardPort}.db`;

  test.beforeAll(async () => {
    for (const suffix of ["", "-wal", "-shm"]) rmSync(`${dashboardDb}${suffix}`, { force: true });
    dashboard = await startDashboard({
      port: await freePort(),
      sandboxUrl: E2E.sandboxUrl,
      dashboardDb,
      timeoutMs: E2E.timeoutMs,
      stdio: "ignore",
      env: {
        TOKEN_ENCRYPTION_KEY: randomBytes(32).toString("base64url"),
        MARKETPLACE_WEBHOOK_SECRET: "",
        // As the e2e dashboard: the sandbox plays the migration period, and the dashboard follows what it answers.
        MARKETPLACE_PERSONALIZATION: "auto",
        MIRROR_POLL_SECONDS: String(POLL_SECONDS),
      },
    });
  });
  test.afterAll(async () => dashboard?.stop());

  test("an edit made outside the dashboard appears in the inbox after the polling interval, and the listing is marked", async ({
    page,
  }) => {
    const seller = await newSeller(3);
    await signInAndFill(page, seller, dashboard.url, /checked for changes every 2 seconds/);
    await putQuestion(seller, seller.listing_ids[1]!, {
      instructions: "Made on the marketplace",
      required: false,
      max_allowed_characters: 40,
    });

    await inboxShows(
      page,
      dashboard.url,
      "Test listing 2",
      "found by polling the marketplace",
      3 * POLL_SECONDS * 1000,
    );
    const change = page.getByRole("listitem").filter({ hasText: "Test listing 2" });
    await expect(change.getByTestId("question-change")).toContainText(
      "Added: “Personalization” (Text)Instructions: “Made on the marketplace”Character limit: 40Required: No",
    );
    await expect(change.getByRole("button", { name: "Keep it: the change to “Test listing 2”" })).toBeVisible();
    await expect(change.getByRole("link", { name: "Open “Test listing 2”" })).toHaveAttribute(
      "href",
      `/listings/${seller.listing_ids[1]}`,
    );

    await change.getByRole("link", { name: "Open “Test listing 2”" }).click();
    await expect(page.getByRole("region", { name: "History" }).getByTestId("history-entry").first()).toContainText(
      "Changed outside the dashboard",
    );

    await page.goto(`${dashboard.url}/listings`);
    const row = page.getByRole("row").filter({ hasText: "Test listing 2" });
    await expect(row.getByRole("link", { name: "Changed outside the dashboard" })).toBeVisible();
    await expect(
      page.getByRole("row").filter({ hasText: "Test listing 1" }).getByText("Changed outside the dashboard"),
    ).toHaveCount(0);
  });

  test("the seller's own save never shows in the inbox, and reverting an outside change puts the earlier question back", async ({
    page,
  }) => {
    const seller = await newSeller(2);
    await signInAndFill(page, seller, dashboard.url, /checked for changes every 2 seconds/);
    await page.goto(`${dashboard.url}/listings/${seller.listing_ids[0]}`);
    await addQuestion(page);
    const form = editor(page);
    await form.instructions.fill("Saved in the dashboard");
    await form.save.click();
    await expect(page.getByText("Saved. Buyers are now asked this question.")).toBeVisible();

    await putQuestion(seller, seller.listing_ids[1]!, {
      instructions: "Made elsewhere",
      required: true,
      max_allowed_characters: 20,
    });
    // A later outside change shows, so polls ran over the seller's own save too.
    await inboxShows(page, dashboard.url, "Test listing 2", "found by polling", 3 * POLL_SECONDS * 1000);
    await expect(page.getByRole("listitem").filter({ hasText: "Test listing 1" })).toHaveCount(0);

    await page.getByRole("button", { name: "Revert it: the change to “Test listing 2”" }).click();
    await expect(page.getByText("Reverted. “Test listing 2” asks buyers again: No question.")).toBeVisible();
    await expect(page.getByText("No changes from outside the dashboard.")).toBeVisible();
    await page.waitForTimeout(2 * POLL_SECONDS * 1000);
    await page.reload();
    await expect(page.getByText("No changes from outside the dashboard.")).toBeVisible();
  });
});
