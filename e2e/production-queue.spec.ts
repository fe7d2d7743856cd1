import { expect, test, type Page } from "@playwright/test";
import { hydrated, signInTo } from "./editor";
import { sellerAskingName } from "./orders";
import { inPhase, marketplaceCall, marketplaceToken, signIn, type TestSeller } from "./sandbox-control";
import { violations } from "./axe";

inPhase("webhooks");

const DAY = 24 * 3600;

/** An order due a week ago, one due today whose answer prints badly, one placed now. */
async function shopWithQueue() {
  const { seller, place } = await sellerAskingName();
  const recent = await place("Jane Doe", "Ada");
  // The sandbox's expected ship date is three days after the order.
  const flagged = await place("Ravi Patel", "Lily 🌸", 3 * DAY);
  const oldest = await place("Old Buyer", "Mo", 10 * DAY);
  return { seller, recent: recent.receipt_id, flagged: flagged.receipt_id, oldest: oldest.receipt_id };
}

const rowOf = (page: Page, receiptId: number, nth = 0) =>
  page
    .locator("tbody tr")
    .filter({ has: page.getByRole("cell", { name: String(receiptId), exact: true }) })
    .nth(nth);

const stateOf = (page: Page, receiptId: number, nth = 0) => rowOf(page, receiptId, nth).locator("[data-state]");

async function openQueue(page: Page) {
  const { seller, ...orders } = await shopWithQueue();
  await signedInToQueue(page, seller, orders.recent);
  return orders;
}

async function signedInToQueue(page: Page, seller: TestSeller, shownReceipt: number) {
  await signIn(page, seller, { from: signInTo("/orders") });
  await expect(page.getByRole("heading", { name: "Orders", level: 1 })).toBeVisible();
  await expect(rowOf(page, shownReceipt)).toBeVisible();
  await hydrated(page.getByRole("checkbox", { name: "Select every item on this page" }));
}

async function tick(page: Page, receiptId: number, nth = 0) {
  await rowOf(page, receiptId, nth).getByRole("checkbox").check();
}

test("the queue puts the oldest due item first, holds a flagged item in review until approved, links a remake to its original and undoes a move", async ({
  page,
}) => {
  const { recent, flagged, oldest } = await openQueue(page);
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.first().getByRole("cell", { name: String(oldest), exact: true })).toBeVisible();
  await expect(rows.first()).toContainText("overdue");
  await expect(page.getByText("3 items in 3 orders; 1 item overdue, 1 item due today.")).toBeVisible();
  await expect(stateOf(page, flagged)).toHaveText("Review needed");
  await expect(rowOf(page, flagged).locator("[data-flag]")).toContainText("the emoji 🌸");

  await tick(page, flagged);
  await page.getByRole("button", { name: "Mark made" }).click();
  const status = page.getByRole("status").filter({ hasText: "still in review" });
  await expect(status).toContainText(`of order ${flagged} is still in review: approve its answers`);
  await expect(stateOf(page, flagged)).toHaveText("Review needed");

  await page.getByRole("button", { name: "Approve as it is" }).click();
  await expect(stateOf(page, flagged)).toHaveText("To make");
  await tick(page, flagged);
  await page.getByRole("button", { name: "Mark made" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 item marked made." })).toBeVisible();
  await expect(stateOf(page, flagged)).toHaveText("Made");

  await tick(page, flagged);
  await page.getByLabel("Reason for a remake").fill("Engraving cracked");
  await page.getByRole("button", { name: "Remake" }).click();
  await expect(rows).toHaveCount(4);
  const remake = rowOf(page, flagged, 1);
  await expect(remake).toContainText(`Remake 1 of order ${flagged}`);
  await expect(remake).toContainText("Engraving cracked");
  await expect(remake.locator("[data-state]")).toHaveText("To make");
  expect(await remake.locator("[data-remake-of]").getAttribute("data-remake-of")).toBe(
    await rowOf(page, flagged, 0).getAttribute("data-item"),
  );

  await tick(page, recent);
  await page.getByRole("button", { name: "Mark made" }).click();
  await expect(stateOf(page, recent)).toHaveText("Made");
  await tick(page, recent);
  await page.getByRole("button", { name: "Undo last move" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 item put back" })).toBeVisible();
  await expect(stateOf(page, recent)).toHaveText("To make");

  // Nothing is ticked after the move, so the bar goes, and focus is on what the move did.
  await expect(page.getByRole("button", { name: "Undo last move" })).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "1 item put back" })).toBeFocused();
});

test("three orders marked shipped in one form, each with its tracking code, are shipped on the marketplace with those codes, and a shipped item's move is not undone", async ({
  page,
}) => {
  const { seller, place } = await sellerAskingName();
  const receipts = [];
  for (const name of ["Ada", "Bo", "Cy"]) receipts.push((await place(`Buyer ${name}`, name)).receipt_id);
  await signedInToQueue(page, seller, receipts[0]!);
  for (const receiptId of receipts) await tick(page, receiptId);
  await page.getByRole("button", { name: "Mark 3 orders shipped" }).click();
  const form = page.getByRole("form", { name: "Ship the ticked orders" });
  await expect(form.getByLabel("Carrier (for every order below)")).toHaveValue("usps");
  for (const receiptId of receipts)
    await form.getByLabel(`Tracking code for order ${receiptId}`).fill(`9400${receiptId}`);
  await form.getByRole("button", { name: "Ship 3 orders" }).click();
  await expect(page.getByRole("status").filter({ hasText: "3 items marked shipped." })).toBeVisible();
  // The queue shows open orders: a shipped one leaves it, and the form closes with nothing left to ship.
  for (const receiptId of receipts) await expect(rowOf(page, receiptId)).toHaveCount(0);
  await expect(form).toHaveCount(0);
  await page.getByLabel("State").selectOption({ label: "Shipped" });
  await page.getByRole("button", { name: "Show orders" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(3);
  for (const receiptId of receipts) await expect(stateOf(page, receiptId)).toHaveText("Shipped");
  await hydrated(page.getByRole("checkbox", { name: "Select every item on this page" }));

  const token = await marketplaceToken(seller.user_id, ["transactions_r"]);
  const shipped = (await (
    await marketplaceCall(token, "GET", `/v3/application/shops/${seller.shop_id}/receipts?was_shipped=true&limit=100`)
  ).json()) as { results: { receipt_id: number; shipments: { carrier_name: string; tracking_code: string }[] }[] };
  expect(shipped.results.map((receipt) => receipt.receipt_id).sort()).toEqual([...receipts].sort());
  for (const receipt of shipped.results)
    expect(receipt.shipments).toEqual([
      expect.objectContaining({ carrier_name: "usps", tracking_code: `9400${receipt.receipt_id}` }),
    ]);

  await tick(page, receipts[0]!);
  await page.getByRole("button", { name: "Undo last move" }).click();
  await expect(page.getByRole("status").filter({ hasText: "stays shipped" })).toContainText(
    new RegExp(`The marketplace shows “[^”]+” of order ${receipts[0]} shipped, so it stays shipped\\.`),
  );
  await expect(stateOf(page, receipts[0]!)).toHaveText("Shipped");
  expect(await violations(page)).toEqual([]);
});

test("rows are ticked from the keyboard, Space on each, and all items due today at once", async ({ page }) => {
  const { oldest, flagged } = await openQueue(page);
  const first = rowOf(page, oldest).getByRole("checkbox");
  await first.focus();
  await page.keyboard.press("Space");
  await expect(first).toBeChecked();
  await page.keyboard.press("ArrowDown");
  await expect(rowOf(page, flagged).getByRole("checkbox")).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.getByText("2 items selected")).toBeVisible();
  await page.getByRole("button", { name: "Select all due today (1 item)" }).click();
  await expect(page.getByText("1 item selected")).toBeVisible();
  await expect(rowOf(page, flagged).getByRole("checkbox")).toBeChecked();
  await expect(first).not.toBeChecked();
});

for (const colorScheme of ["light", "dark"] as const)
  for (const [device, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }],
  ] as const)
    test(`axe finds no violation in the queue, ${colorScheme}, ${device}`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.emulateMedia({ colorScheme });
      await openQueue(page);
      const filters = page.locator("details").filter({ hasText: "Filters" });
      if (device === "phone") await expect(filters).not.toHaveAttribute("open");
      else await expect(filters).toHaveAttribute("open");
      expect(await violations(page)).toEqual([]);
    });
