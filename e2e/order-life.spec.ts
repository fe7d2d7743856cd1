import { expect, test, type Page } from "@playwright/test";
import { hydrated, signInTo } from "./editor";
import { sellerAskingName } from "./orders";
import { control, inPhase, lastRequestId, requestsSince, signIn } from "./sandbox-control";
import { violations } from "./axe";

// An order's whole life in the queue (docs/sellers.md "The order's life in the queue"): the sandbox cancels, refunds,
// holds in payment review and moves its clock, and the dashboard learns each without a webhook.

inPhase("webhooks");

const DAY = 24 * 3600;

// The sandbox's clock decides when a buyer's deadline passes: it is put back to now after each test.
test.afterEach(async () => {
  await control("/clock", { at: new Date().toISOString() });
});

const rowOf = (page: Page, receiptId: number) =>
  page.locator("tbody tr").filter({ has: page.getByRole("cell", { name: String(receiptId), exact: true }) });

const stateOf = (page: Page, receiptId: number) => rowOf(page, receiptId).locator("[data-state]");

async function toQueue(page: Page) {
  await page.goto("/orders");
  await hydrated(page.getByRole("checkbox", { name: "Select every item on this page" }));
}

async function sheetText(page: Page) {
  await page.goto("/orders/sheet");
  await expect(page.getByRole("heading", { name: "Production sheet" })).toBeVisible();
  return page.locator("main").innerText();
}

test("an order cancelled on the marketplace leaves the queue and the sheet at the next refresh; one already made stays, flagged, and is not shipped", async ({
  page,
}) => {
  const { seller, place } = await sellerAskingName();
  const unmade = (await place("Una Made", "Una")).receipt_id;
  const made = (await place("Mae Made", "Mae")).receipt_id;
  const kept = (await place("Kip Open", "Kip")).receipt_id;
  await signIn(page, seller, { from: signInTo("/orders") });
  await toQueue(page);
  await rowOf(page, made).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Mark made" }).click();
  await expect(stateOf(page, made)).toHaveText("Made");

  await control(`/receipts/${unmade}/cancel`, { reason: "buyer asked" });
  await control(`/receipts/${made}/cancel`, { reason: "buyer asked" });
  await toQueue(page);
  await expect(rowOf(page, unmade)).toHaveCount(0);
  await expect(stateOf(page, made)).toHaveText("Cancelled after it was made");
  await expect(rowOf(page, made).locator("[data-cancelled-made]")).toContainText("stop, and put it aside");
  await expect(stateOf(page, kept)).toHaveText("To make");

  const since = await lastRequestId();
  await rowOf(page, made).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Mark 1 order shipped" }).click();
  await page.getByRole("button", { name: "Ship 1 order" }).click();
  await expect(page.getByRole("status").filter({ hasText: "was cancelled on the marketplace" })).toContainText(
    `of order ${made} was cancelled on the marketplace, so nothing was done: stop making it and put it aside.`,
  );
  const shipments = (await requestsSince(since)).filter((request) => request.path.endsWith("/tracking"));
  expect(shipments).toEqual([]);
  expect(await violations(page)).toEqual([]);

  const sheet = await sheetText(page);
  expect(sheet).toContain("Kip Open");
  expect(sheet).not.toContain("Una Made");
  expect(sheet).not.toContain("Mae Made");
});

test("an order in payment review reads not paid yet and stays off the sheet until it is paid; a refund says what and why", async ({
  page,
}) => {
  const { seller, place } = await sellerAskingName();
  const review = (await place("Pay Later", "Pat", 0, { payment_review: true })).receipt_id;
  const refunded = (await place("Ref Und", "Rey")).receipt_id;
  await control(`/receipts/${refunded}/refund`, { amount: 500, reason: "engraving late" });
  await signIn(page, seller, { from: signInTo("/orders") });
  await toQueue(page);
  await expect(stateOf(page, review)).toHaveText("Not paid yet: don't make");
  await expect(rowOf(page, refunded).locator("[data-refund]")).toHaveText(/^Refunded \$\d+\.\d\d: engraving late\.$/);
  await rowOf(page, review).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Mark made" }).click();
  await expect(page.getByRole("status").filter({ hasText: "is not paid yet" })).toContainText(
    "don't make or ship it until it is paid.",
  );

  let sheet = await sheetText(page);
  expect(sheet).not.toContain("Pay Later");
  expect(sheet).toContain("1 item not paid yet");
  await control(`/receipts/${review}/settle`, { outcome: "paid" });
  sheet = await sheetText(page);
  expect(sheet).toContain("Pay Later");
  await toQueue(page);
  await expect(stateOf(page, review)).toHaveText("To make");
});

test("Ask the buyer waits with a deadline on the marketplace's clock, offers the message with the order's link, then goes ahead or holds when the clock passes it", async ({
  page,
}) => {
  const { seller, place } = await sellerAskingName();
  const ahead = (await place("Ahead Buyer", "Lily 🌸")).receipt_id;
  const held = (await place("Held Buyer", "Rose 🌹")).receipt_id;
  await signIn(page, seller, { from: signInTo("/orders") });
  await toQueue(page);
  await expect(stateOf(page, ahead)).toHaveText("Review needed");

  await rowOf(page, ahead).getByRole("checkbox").check();
  await page.getByLabel("Days for the buyer to answer").fill("0");
  await page.getByRole("button", { name: "Ask the buyer" }).click();
  await expect(page.getByRole("status").filter({ hasText: "whole number of days" })).toContainText(
    "Give the buyer a whole number of days to answer, from 1 to 30, then ask again.",
  );
  await page.getByLabel("Days for the buyer to answer").fill("2");
  await page.getByLabel("When the deadline passes").selectOption("go-ahead");
  await page.getByRole("button", { name: "Ask the buyer" }).click();
  await expect(stateOf(page, ahead)).toHaveText("Waiting on buyer");
  await rowOf(page, held).getByRole("checkbox").check();
  await page.getByLabel("Days for the buyer to answer").fill("3");
  await page.getByLabel("When the deadline passes").selectOption("hold");
  await page.getByRole("button", { name: "Ask the buyer" }).click();
  await expect(stateOf(page, held)).toHaveText("Waiting on buyer");

  await expect(rowOf(page, ahead).locator("[data-deadline]")).toContainText("then made as written");
  await expect(rowOf(page, ahead).locator("[data-deadline]")).toContainText(/(1 day 23 hours|2 days) left/);
  await rowOf(page, ahead).getByText("Message for the buyer").click();
  const message = page.getByLabel(`Message for the buyer of order ${ahead}`);
  await expect(message).toHaveValue(new RegExp(`Your order: http://localhost:\\d+/your/purchases/${ahead}$`));
  await expect(message).toHaveValue(/Lily 🌸/);
  expect(await violations(page)).toEqual([]);

  await page.getByLabel("Sort").selectOption("deadline");
  await page.getByRole("button", { name: "Show orders" }).click();
  await expect(page.locator("tbody tr").first()).toContainText(String(ahead));

  await control("/clock", { advance_seconds: 2 * DAY + 60 });
  await toQueue(page);
  await expect(stateOf(page, ahead)).toHaveText("To make");
  await expect(rowOf(page, ahead)).toContainText("Approved as it is.");
  await expect(stateOf(page, held)).toHaveText("Waiting on buyer");

  await control("/clock", { advance_seconds: DAY });
  await toQueue(page);
  await expect(stateOf(page, held)).toHaveText("Review needed");
});
