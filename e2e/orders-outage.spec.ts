import { expect, test, type Page } from "@playwright/test";
import { hydrated, signInTo } from "./editor";
import { sellerAskingName } from "./orders";
import { control, inPhase, sandboxAnswers, signIn } from "./sandbox-control";
import { violations } from "./axe";

inPhase("webhooks");

const DAY = 24 * 3600;
const KEPT_SENTENCE =
  /^The marketplace is not answering; these are your orders as of \d{1,2}:\d{2} [AP]M, (less than a minute|\d+ minutes?) ago\. /;

const rowOf = (page: Page, receiptId: number) =>
  page.locator("tbody tr").filter({ has: page.getByRole("cell", { name: String(receiptId), exact: true }) });

/** A shop of three orders, one overdue and one due today, shown in the queue. */
async function queueOfThree(page: Page) {
  const { seller, place } = await sellerAskingName();
  // The sandbox's expected ship date is three days after the order.
  const overdue = await place("Old Buyer", "Mo", 10 * DAY);
  const today = await place("Ravi Patel", "Lily", 3 * DAY);
  const recent = await place("Jane Doe", "Ada");
  await signIn(page, seller, { from: signInTo("/orders") });
  await expect(rowOf(page, recent.receipt_id)).toBeVisible();
  await hydrated(page.getByRole("checkbox", { name: "Select every item on this page" }));
  return { seller, overdue: overdue.receipt_id, today: today.receipt_id, recent: recent.receipt_id };
}

test.afterEach(() => control("/faults", undefined, "DELETE"));

test("with the marketplace failing, the queue lists the kept items with their age, Mark made, undo and remake work, and the page comes back by itself", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { overdue, today, recent } = await queueOfThree(page);
  await control("/faults", { path: "/v3/*", status: 503, times: 100_000 });

  await page.reload();
  const kept = page.getByTestId("kept-orders");
  await expect(kept).toHaveText(KEPT_SENTENCE);
  await expect(kept).toHaveAttribute("role", "status");
  await expect(page.getByText(/Reload the page in a minute/)).toHaveCount(0);
  await expect(page.locator("tbody tr")).toHaveCount(3);
  await expect(page.getByText("3 items in 3 orders; 1 item overdue, 1 item due today.")).toBeVisible();

  for (const scheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: scheme });
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size);
      expect(await violations(page), `${scheme}, ${size.width} px`).toEqual([]);
    }
  }
  await page.emulateMedia({ colorScheme: "light" });
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: "test-results/orders-outage.png" });

  // Marking made asks the marketplace nothing it needs: the refresh before it fails, and the move is kept all the same.
  await hydrated(page.getByRole("checkbox", { name: "Select every item on this page" }));
  await rowOf(page, today).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Mark made" }).click();
  await expect(page.getByRole("status").filter({ hasText: "1 item marked made." })).toBeVisible();
  await expect(rowOf(page, today).locator("[data-state]")).toHaveText("Made");
  await rowOf(page, today).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Undo last move" }).click();
  await expect(rowOf(page, today).locator("[data-state]")).toHaveText("To make");
  await rowOf(page, overdue).getByRole("checkbox").check();
  await page.getByRole("button", { name: "Mark made" }).click();
  await expect(rowOf(page, overdue).locator("[data-state]")).toHaveText("Made");
  await expect(kept).toBeVisible();
  await rowOf(page, overdue).first().getByRole("checkbox").check();
  await page.getByLabel("Reason for a remake").fill("Engraving cracked");
  await page.getByRole("button", { name: "Remake" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(4);
  await expect(page.getByText(`Remake 1 of order ${overdue}: Engraving cracked`)).toBeVisible();

  // The production sheet serves the same kept copy, with the same sentence.
  await page.goto("/orders/sheet");
  await expect(page.getByTestId("kept-orders")).toHaveText(KEPT_SENTENCE);
  await expect(page.getByText(/Reload the page in a minute/)).toHaveCount(0);
  await page.goBack();
  await expect(kept).toBeVisible();

  // No click, no reload: once the marketplace answers, the page's own retry reads it and the sentence goes.
  await control("/faults", undefined, "DELETE");
  await expect(kept).toHaveCount(0, { timeout: 20_000 });
  await expect(rowOf(page, overdue).first().locator("[data-state]")).toHaveText("Made");
  await expect(rowOf(page, recent).locator("[data-state]")).toHaveText("To make");
});

test("through a real outage, the sandbox not even accepting connections, the queue stays and comes back by itself", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { recent } = await queueOfThree(page);
  await control("/outage", { seconds: 8 });
  await expect.poll(sandboxAnswers).toBe(false);

  await page.reload();
  const kept = page.getByTestId("kept-orders");
  await expect(kept).toHaveText(KEPT_SENTENCE);
  await expect(rowOf(page, recent)).toBeVisible();

  await expect.poll(sandboxAnswers, { timeout: 20_000 }).toBe(true);
  await expect(kept).toHaveCount(0, { timeout: 20_000 });
  await expect(rowOf(page, recent)).toBeVisible();
});
