import { expect, test } from "@playwright/test";
import { control, dashboardTokens, lastRequestId, newSeller, requestsSince, signIn } from "./sandbox-control";

test("twenty parallel requests after the access token expired cause exactly one refresh grant", async ({ page }) => {
  const seller = await newSeller(3);
  await signIn(page, seller);
  await expect(page.getByRole("heading", { name: `Welcome, TestShop${seller.user_id}` })).toBeVisible();
  const tokensBefore = dashboardTokens(seller.user_id);
  await control("/clock", { advance_seconds: 3700 });
  const before = await lastRequestId();

  const answers = await page.evaluate(() =>
    Promise.all(
      Array.from({ length: 20 }, async () => {
        // fresh=1: each request reads the marketplace itself instead of sharing the dashboard's short cache.
        const response = await fetch("/api/listings?state=active&page=1&fresh=1", {
          headers: { accept: "application/json" },
        });
        const body = (await response.json()) as { count?: number };
        return { status: response.status, count: body.count };
      }),
    ),
  );
  expect(answers).toEqual(Array.from({ length: 20 }, () => ({ status: 200, count: 3 })));

  const log = await requestsSince(before);
  const grants = log.filter((entry) => entry.grant_type === "refresh_token");
  expect(grants).toHaveLength(1);
  expect(grants[0]).toMatchObject({ status: 200, client_auth: "none" });
  // Every read ends in success: those that raced the refresh were rejected once, then retried with the new token.
  const reads = log.filter((entry) => entry.path === `/v3/application/shops/${seller.shop_id}/listings`);
  expect(reads.filter((entry) => entry.status === 200)).toHaveLength(20);
  expect(reads.every((entry) => entry.status === 200 || entry.status === 401)).toBe(true);
  expect(dashboardTokens(seller.user_id)?.refresh_token).not.toBe(tokensBefore?.refresh_token);

  // The seller carries on with the new pair: no further grant is needed.
  const after = await lastRequestId();
  await page.reload();
  await expect(page.getByText("Showing 1–3 of 3")).toBeVisible();
  expect((await requestsSince(after)).filter((entry) => entry.grant_type !== null)).toEqual([]);
});
