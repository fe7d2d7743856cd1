import { expect, test } from "@playwright/test";
import { control, newSeller, setPhase, signIn } from "./sandbox-control";

// docs/marketplace.md §18: a listing the marketplace removed is shown as gone.
// The marketplace of today: a removed state (from 2026-09-21) and webhooks (from 2026-10-01) that tell the mirror.
test.beforeEach(() => setPhase("webhooks"));
test.afterEach(() => setPhase("migration"));

test("a listing the marketplace removed leaves its state for Removed, shown as gone, and its editor offers no save", async ({
  page,
}) => {
  const seller = await newSeller(3);
  const removedId = seller.listing_ids[0]!;
  const { title } = await control<{ title: string }>(`/listings/${removedId}`);
  await signIn(page, seller);
  await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();

  await control(`/listings/${removedId}/remove`, {});
  // The marketplace's webhook reaches the shop's mirror in the background.
  await expect(async () => {
    await page.reload();
    await expect(page.getByText("Showing 1–2 of 2")).toBeVisible({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);

  await page
    .getByRole("navigation", { name: "Filter by state" })
    .getByRole("link", { name: /^Removed( \d+)?$/ })
    .click();
  await expect(page).toHaveURL(/state=removed/);
  const row = page.getByRole("row").filter({ hasText: title });
  await expect(row.getByText("Removed by the marketplace")).toBeVisible();
  await expect(row.getByRole("link", { name: title })).toHaveCount(0);
  await expect(row.getByRole("checkbox")).toHaveCount(0);

  await page.goto(`/listings/${removedId}`);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  await expect(page.getByText("The marketplace removed this listing")).toBeVisible();
  await expect(page.getByRole("link", { name: "See its orders" })).toHaveAttribute(
    "href",
    `/orders?listing=${removedId}`,
  );
  await expect(page.getByRole("button", { name: /save/i })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("alert")).toHaveCount(0);
});
