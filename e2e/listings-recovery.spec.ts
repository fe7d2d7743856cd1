import { expect, test } from "@playwright/test";
import { hydrated } from "./editor";
import {
  control,
  lastRequestId,
  newSeller,
  requestsSince,
  sandboxAnswers,
  signIn,
  type TestSeller,
} from "./sandbox-control";

const listingsPath = (seller: TestSeller) => `/v3/application/shops/${seller.shop_id}/listings`;

async function onSecondPage(page: import("@playwright/test").Page, seller: TestSeller) {
  await signIn(page, seller);
  await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();
  await hydrated(page.getByRole("link", { name: "Next page" }));
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page.getByText("Showing 26–30 of 30")).toBeVisible();
  await expect(page).toHaveURL(/\/listings\?state=active&page=2$/);
}

test("a 429 on the listings page counts the wait down, then reads the same page again by itself", async ({ page }) => {
  const seller = await newSeller(30);
  await onSecondPage(page, seller);
  await control("/faults", { method: "GET", path: listingsPath(seller), status: 429, retry_after: 5, times: 1 });
  const before = await lastRequestId();

  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: "busy" })).toHaveText(
    "The marketplace is busy and asked us to wait 5 seconds. The dashboard tries again by itself when the wait is over.",
  );
  await expect(page.getByTestId("recovery-countdown")).toHaveText(/^Trying again in [1-5] seconds?\.$/);
  await expect(page.getByRole("button", { name: "Try again now" })).toBeVisible();

  // No click: the countdown ends and the page reads the marketplace again, on the page the seller was on.
  await expect(page.getByText("Showing 26–30 of 30")).toBeVisible({ timeout: 15_000 });
  await expect(page).toHaveURL(/\/listings\?state=active&page=2$/);
  await expect(page.getByTestId("recovery-notice")).toHaveCount(0);
  const reads = (await requestsSince(before)).filter(
    (entry) => entry.method === "GET" && entry.path === listingsPath(seller),
  );
  expect(reads[0]?.status).toBe(429);
  expect(reads.slice(1).some((entry) => entry.status === 200)).toBe(true);
});

test("during an outage the listings page offers Try again, which keeps the seller's place once the marketplace is back", async ({
  page,
}) => {
  const seller = await newSeller(30);
  await onSecondPage(page, seller);
  await page.getByLabel("Sort by").selectOption("title-desc");
  await expect(page).toHaveURL(/sort=title-desc/);
  const place = page.url();
  await control("/outage", { seconds: 5 });
  await expect.poll(sandboxAnswers).toBe(false);

  await page.reload();
  await expect(page.getByRole("alert").filter({ hasText: "not answering" })).toContainText(
    "The marketplace is not answering right now",
  );
  const tryAgain = page.getByRole("button", { name: "Try again", exact: true });
  await hydrated(tryAgain);
  await tryAgain.click();
  await expect(page.getByText(/^Tried again at .*: still no answer\.$/)).toBeVisible();
  expect(page.url()).toBe(place);

  await expect.poll(sandboxAnswers, { timeout: 15_000 }).toBe(true);
  await tryAgain.click();
  await expect(page.getByTestId("recovery-notice")).toHaveCount(0);
  await expect(page.getByRole("table")).toBeVisible();
  expect(page.url()).toBe(place);
  await expect(page.getByLabel("Sort by")).toHaveValue("title-desc");
});

test("Next page lands at the top of the table, with focus there", async ({ page }) => {
  const seller = await newSeller(60);
  await signIn(page, seller);
  await expect(page.getByText("Showing 1–25 of 60")).toBeVisible();
  const next = page.getByRole("link", { name: "Next page" });
  await hydrated(next);
  await next.scrollIntoViewIfNeeded();
  await next.click();
  await expect(page.getByText("Showing 26–50 of 60")).toBeVisible();
  const table = page.getByRole("table");
  await expect(table).toBeInViewport();
  const top = (await table.boundingBox())!.y;
  expect(top).toBeGreaterThanOrEqual(0);
  // Below the sticky bulk bar, not down where the button was.
  expect(top).toBeLessThan(200);
  await expect(page.getByRole("columnheader", { name: "Listing" })).toBeInViewport();
  expect(await page.evaluate(() => document.activeElement?.querySelector("table") !== null)).toBe(true);
});
