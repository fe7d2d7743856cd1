import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { hydrated, signInTo } from "./editor";
import { sellerAskingName } from "./orders";
import { inPhase, signIn } from "./sandbox-control";

inPhase("webhooks");

const DAY = 24 * 3600;

const isoDay = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

test("the queue comes first: its first row visible at 1280×800, a skip link the first tab stop, numbers and dates unwrapped", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { seller, place } = await sellerAskingName();
  for (let order = 0; order < 7; order += 1) await place(`Buyer ${order}`, `Name ${order}`, order * DAY);
  await place("Ravi Patel", "Lily 🌸", 4 * DAY);
  await signIn(page, seller, { from: signInTo("/orders") });
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(8);
  await hydrated(page.getByRole("checkbox", { name: "Select every item on this page" }));
  await expect(rows.first()).toBeInViewport();
  const firstRow = (await rows.first().boundingBox())!;
  expect(firstRow.y + firstRow.height).toBeLessThanOrEqual(800);

  // Order numbers and dates on one line each: a cell one line high holds them.
  for (const column of [2, 7, 8]) {
    const lines = await rows
      .first()
      .locator(`td:nth-child(${column})`)
      .evaluate((element) => {
        const range = document.createRange();
        range.selectNodeContents(element.firstChild ?? element);
        return range.getClientRects().length;
      });
    expect(lines, `column ${column}`).toBe(1);
  }

  await page.locator("#main").focus();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to the queue" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("#queue")).toBeFocused();
});

test("a remake gets its own ship-by, today plus the listing's processing time, which the seller can change, and reads by its number", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { seller, place } = await sellerAskingName();
  for (const [buyer, ago] of [
    ["Kwame Mensah", 5],
    ["Sofia Rossi", 4],
    ["Mia Chen", 1],
    ["Noah Berg", 0],
  ] as const)
    await place(buyer, buyer.split(" ")[0]!, ago * DAY);
  await place("Ravi Patel", "Lily 🌸", 3 * DAY);
  const cracked = await place("Jane Doe", "Ada", 2 * DAY);
  await signIn(page, seller, { from: signInTo("/orders") });
  await hydrated(page.getByRole("checkbox", { name: "Select every item on this page" }));
  const original = page.locator(`tbody tr[data-item]`).filter({ hasText: String(cracked.receipt_id) });
  await original.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Mark made" }).click();
  await expect(original.locator("[data-state]")).toHaveText("Made");
  await original.getByRole("checkbox").check();
  await page.getByLabel("Reason for a remake").fill("Engraving cracked");
  await page.getByRole("button", { name: "Remake" }).click();

  const remake = page.locator("tbody tr").filter({ has: page.locator("[data-remake-of]") });
  await expect(remake).toContainText(`Remake 1 of order ${cracked.receipt_id}: Engraving cracked`);
  await expect(page.getByText(/-r1/)).toHaveCount(0);
  // The sandbox's listings take at most 3 days to make.
  const now = Date.now() / 1000;
  const shipBy = remake.getByLabel(`Ship Remake 1 of order ${cracked.receipt_id} (“Test listing 1”) by`);
  await expect(shipBy).toHaveValue(isoDay(now + 3 * DAY));
  await shipBy.fill(isoDay(now + 2 * DAY));
  await remake.getByRole("button", { name: "Set ship-by" }).click();
  await expect(remake.getByRole("button", { name: "Set ship-by" })).toHaveCount(0);
  await page.reload();
  await expect(shipBy).toHaveValue(isoDay(now + 2 * DAY));
  await expect(remake.locator("[data-state]")).toHaveText("To make");

  // The picture of docs/sellers.md, copied to docs/production-queue.png when the queue's look changes.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: "test-results/production-queue.png" });
});

test.describe("in the seller's own time zone", () => {
  test.use({ timezoneId: "America/Los_Angeles" });

  test("the browser's time zone is kept with the seller, the queue's days are its days, and the landing page says what is due", async ({
    page,
  }) => {
    const { seller, place } = await sellerAskingName();
    // The sandbox's expected ship date is three days after the order: one due now, one a week overdue, one ahead.
    const today = await place("Ravi Patel", "Lily", 3 * DAY);
    const overdue = await place("Old Buyer", "Mo", 10 * DAY);
    await place("Jane Doe", "Ada");
    await signIn(page, seller, { from: signInTo("/orders") });
    await expect(page.getByText("days in America/Los_Angeles time")).toBeVisible();
    const shipBy = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
    const row = page.locator("tbody tr").filter({ hasText: String(today.receipt_id) });
    await expect(row.locator("td").nth(7)).toHaveText(`${shipBy}due today`);
    await expect(page.getByText("3 items in 3 orders; 1 item overdue, 1 item due today.")).toBeVisible();

    await page.goto("/listings");
    const card = page.getByTestId("orders-due");
    await expect(card).toHaveText("Orders: 1 due today, 1 overdue");
    for (const colorScheme of ["light", "dark"] as const) {
      await page.emulateMedia({ colorScheme });
      expect((await new AxeBuilder({ page }).analyze()).violations, colorScheme).toEqual([]);
    }
    await card.getByRole("link", { name: "1 overdue" }).click();
    await expect(page).toHaveURL(/\/orders\?due=overdue$/);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText(String(overdue.receipt_id));
    await expect(page.locator('select[name="due"]')).toHaveValue("overdue");
    await expect(page.getByRole("option", { name: "Due in the next 7 days, overdue included" })).toBeAttached();
  });
});
