import { expect, test, type Page } from "@playwright/test";
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
import { violations } from "./axe";

const listingsPath = (seller: TestSeller) => `/v3/application/shops/${seller.shop_id}/listings`;

async function onSecondPage(page: Page, seller: TestSeller) {
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

test("during an outage the listings page keeps its table from the kept copy, says how old it is in one sentence, and comes back by itself", async ({
  page,
}) => {
  const seller = await newSeller(30);
  await onSecondPage(page, seller);
  await expect(page.getByTestId("mirror-status")).toContainText("Listings as of", { timeout: 20_000 });
  await page.getByLabel("Sort by").selectOption("title-desc");
  await expect(page).toHaveURL(/sort=title-desc/);
  const place = page.url();
  const before = await lastRequestId();
  await control("/outage", { seconds: 5 });
  await expect.poll(sandboxAnswers).toBe(false);

  await page.reload();
  const note = page.getByRole("status").filter({ hasText: "not answering" });
  await expect(note).toHaveText(
    /^Showing your listings as the dashboard last read them, (less than a minute|\d+ minutes?) ago; the marketplace is not answering, and the page tries again by itself\.$/,
  );
  await expect(page.getByRole("table")).toBeVisible();
  await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();
  await expect(page.getByTestId("recovery-notice")).toHaveCount(0);
  await expect(page.getByRole("alert").filter({ hasText: "not answering" })).toHaveCount(0);
  await expect(page.getByText(/Reload the page/)).toHaveCount(0);
  await expect(page.getByText("This list may be up to 30 seconds old.")).toBeHidden();
  expect(await violations(page)).toEqual([]);

  // No click: once the marketplace answers, the page's own refetch reads it and the note goes.
  await expect.poll(sandboxAnswers, { timeout: 15_000 }).toBe(true);
  await expect(note).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();
  expect(page.url()).toBe(place);
  await expect(page.getByLabel("Sort by")).toHaveValue("title-desc");
  const reads = (await requestsSince(before)).filter(
    (entry) => entry.method === "GET" && entry.path === listingsPath(seller),
  );
  expect(reads.some((entry) => entry.status === 200)).toBe(true);
});

test("before the shop's copy is filled, a marketplace away keeps the Try again notice, in one sentence", async ({
  page,
}) => {
  const seller = await newSeller(3);
  // Every read of the shop's listings fails from the start, so the dashboard has no copy of them to show.
  await control("/faults", { method: "GET", path: listingsPath(seller), status: 503, times: 1000 });
  try {
    await signIn(page, seller);
    await expect(page.getByRole("alert").filter({ hasText: "not answering" })).toHaveText(
      "The marketplace is not answering right now (error 503), so we could not read your listings: try again in a minute.",
    );
    await expect(page.getByRole("table")).toHaveCount(0);
    expect(await violations(page)).toEqual([]);
  } finally {
    await control("/faults", undefined, "DELETE");
  }
  const tryAgain = page.getByRole("button", { name: "Try again", exact: true });
  await hydrated(tryAgain);
  await tryAgain.click();
  await expect(page.getByTestId("recovery-notice")).toHaveCount(0);
  await expect(page.getByText("Showing 1–3 of 3")).toBeVisible();
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
