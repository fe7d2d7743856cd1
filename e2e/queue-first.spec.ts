import { expect, test } from "@playwright/test";
import { hydrated, signInTo } from "./editor";
import { sellerAskingName } from "./orders";
import { inPhase, signIn } from "./sandbox-control";

inPhase("webhooks");

const DAY = 24 * 3600;

test("the queue comes first: its first row visible at 1280×800, a skip link the first tab stop, numbers and dates unwrapped", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { seller, place } = await sellerAskingName();
  for (let order = 0; order < 8; order += 1) await place(`Buyer ${order}`, `Name ${order}`, order * DAY);
  await signIn(page, seller, { from: signInTo("/orders") });
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(8);
  await hydrated(page.getByRole("button", { name: "Mark made" }));
  await expect(rows.first()).toBeInViewport();
  const firstRow = (await rows.first().boundingBox())!;
  expect(firstRow.y + firstRow.height).toBeLessThanOrEqual(800);
  // The picture of docs/sellers.md, copied to docs/production-queue.png when the queue's look changes.
  await page.screenshot({ path: "test-results/production-queue.png" });

  // Order numbers and dates on one line each: a cell one line high holds them.
  for (const column of [2, 8, 9]) {
    const cell = rows.first().locator(`td:nth-child(${column})`);
    const text = await cell.evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element.firstChild ?? element);
      return range.getClientRects().length;
    });
    expect(text, `column ${column}`).toBe(1);
  }

  await page.locator("#main").focus();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to the queue" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("#queue")).toBeFocused();
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
    await expect(page.getByText("days are America/Los_Angeles days")).toBeVisible();
    const shipBy = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Los_Angeles" }).format(new Date());
    const row = page.locator("tbody tr").filter({ hasText: String(today.receipt_id) });
    await expect(row.locator("td").nth(7)).toHaveText(`${shipBy}due today`);
    await expect(page.getByText("3 items in 3 orders; 1 item overdue, 1 item due today.")).toBeVisible();

    await page.goto("/listings");
    const card = page.getByTestId("orders-due");
    await expect(card).toHaveText("Orders: 1 due today, 1 overdue");
    await card.getByRole("link", { name: "1 overdue" }).click();
    await expect(page).toHaveURL(/\/orders\?due=overdue$/);
    await expect(page.locator("tbody tr")).toHaveCount(1);
    await expect(page.locator("tbody tr")).toContainText(String(overdue.receipt_id));
    await expect(page.locator('select[name="due"]')).toHaveValue("overdue");
    await expect(page.getByRole("option", { name: "Due in the next 7 days, overdue included" })).toBeAttached();
  });
});
