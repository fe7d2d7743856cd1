import { expect, test } from "@playwright/test";
import { lastRequestId, limitDashboardApp, newSeller, requestsSince, signIn } from "./sandbox-control";

const LISTINGS = 1_050;

test.afterEach(async () => {
  await limitDashboardApp(1000);
});

test("a shop of over 1,000 listings shows its first 100 while the dashboard reads it, then all, read once", async ({
  page,
}) => {
  const seller = await newSeller(LISTINGS);
  // Slow enough that the first view comes while the mirror is still being filled.
  await limitDashboardApp(4);
  const since = await lastRequestId();
  await signIn(page, seller);
  await expect(page).toHaveURL(/\/listings/);

  const partial = page.getByText(`Your shop has 1,050 active listings.`);
  await expect(partial).toBeVisible();
  await expect(page.getByText("this list holds the first 100")).toBeVisible();
  await expect(page.getByText("Showing 1–25 of 100")).toBeVisible();
  await expect(page.getByRole("checkbox", { name: "Select all listings on this page" })).toHaveCount(0);

  await expect(page.getByText(`Showing 1–25 of ${LISTINGS}`)).toBeVisible({ timeout: 30_000 });
  await expect(partial).toHaveCount(0);
  await expect(page.getByRole("checkbox", { name: "Select all listings on this page" })).toBeVisible();

  // The fill reads 11 pages of active listings and the first page of each of the 4 other states; the view read one
  // page, where reading the state in full would have been 11 more.
  const shopPages = (await requestsSince(since)).filter(
    (entry) =>
      entry.method === "GET" &&
      entry.status === 200 &&
      entry.path === `/v3/application/shops/${seller.shop_id}/listings`,
  );
  expect(shopPages).toHaveLength(11 + 4 + 1);
});
