import { expect, test, type Page } from "@playwright/test";
import { DEMO_SELLERS } from "../sandbox/store/seed";
import {
  lastRequestId,
  marketplaceCall,
  marketplaceToken,
  newSeller,
  putQuestion,
  requestsSince,
  signIn,
} from "./sandbox-control";

const ada = DEMO_SELLERS.ada;

const rows = (page: Page) =>
  page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
const rowOf = (page: Page, title: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name: title, exact: true }) });

test("shows 25 listings a page and pages through the rest", async ({ page }) => {
  const seller = await newSeller(30);
  await signIn(page, seller);
  await expect(page).toHaveURL(/\/listings/);

  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();
  await expect(page.getByRole("link", { name: "Previous page" })).toHaveCount(0);

  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/state=active&page=2/);
  await expect(page.getByText("Showing 26–30 of 30")).toBeVisible();
  await expect(rows(page)).toHaveCount(5);
  await expect(page.getByRole("link", { name: "Next page" })).toHaveCount(0);

  await page.getByRole("link", { name: "Previous page" }).click();
  await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();
  await expect(rows(page)).toHaveCount(25);
});

test("the state filter shows only the listings in that state", async ({ page }) => {
  // Ada's demo shop (sandbox/seed.ts): 15 active, 5 inactive, 4 draft, 3 expired, 3 sold out.
  await signIn(page, ada);
  await expect(page.getByText("Showing 1–15 of 15")).toBeVisible();
  const filter = page.getByRole("navigation", { name: "Filter by state" });
  const tab = (label: string) => filter.getByRole("link", { name: new RegExp(`^${label}( \\d+)?$`) });
  await expect(tab("Active")).toHaveAttribute("aria-current", "page");
  // Each tab says how many listings its state holds.
  await expect(tab("Active")).toHaveText("Active 15");
  await expect(tab("Sold out")).toHaveText("Sold out 3");

  for (const [label, state, count] of [
    ["Inactive", "inactive", 5],
    ["Draft", "draft", 4],
    ["Expired", "expired", 3],
    ["Sold out", "sold_out", 3],
    ["Active", "active", 15],
  ] as const) {
    await tab(label).click();
    await expect(page).toHaveURL(new RegExp(`state=${state}`));
    await expect(tab(label)).toHaveAttribute("aria-current", "page");
    await expect(page.getByText(`Showing 1–${count} of ${count}`)).toBeVisible();
    await expect(rows(page)).toHaveCount(count);
  }
});

test("a listing made inactive through the marketplace moves to the inactive filter", async ({ page }) => {
  const seller = await newSeller(3);
  const deactivated = seller.listing_ids[1]!;
  const token = await marketplaceToken(seller.user_id);
  await marketplaceCall(token, "PATCH", `/v3/application/shops/${seller.shop_id}/listings/${deactivated}`, {
    form: { state: "inactive" },
  });

  await signIn(page, seller);
  await expect(page.getByText("Showing 1–2 of 2")).toBeVisible();
  await expect(page.getByRole("link", { name: "Test listing 2", exact: true })).toHaveCount(0);

  await page.goto("/listings?state=inactive");
  await expect(page.getByText("Showing 1–1 of 1")).toBeVisible();
  await expect(rows(page)).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Test listing 2", exact: true })).toHaveAttribute(
    "href",
    `/listings/${deactivated}?state=inactive&page=1`,
  );
  await expect(page.getByRole("link", { name: "Test listing 1", exact: true })).toHaveCount(0);
});

test("each row shows what buyers are asked, whether an answer is required, the character limit, the price and state", async ({
  page,
}) => {
  const seller = await newSeller(3);
  const [required, optional] = seller.listing_ids as [number, number, number];
  await putQuestion(seller, required, { instructions: "Name to engrave", required: true, max_allowed_characters: 40 });
  await putQuestion(seller, optional, { instructions: "Gift note", required: false, max_allowed_characters: 200 });

  await signIn(page, seller);
  await expect(page.getByRole("table")).toBeVisible();
  const headers = page.getByRole("columnheader");
  await expect(headers).toHaveText(["Listing", "Buyers are asked", "Required", "Character limit"]);
  const cells = (title: string) => rowOf(page, title).getByRole("cell");
  await expect(cells("Test listing 1")).toHaveText([
    /^Test listing 1\$\d+\.\d\d · Active · View on the marketplace/,
    "Name to engrave",
    "Required",
    "40",
  ]);
  await expect(cells("Test listing 2")).toHaveText([/^Test listing 2/, "Gift note", "Optional", "200"]);
  await expect(cells("Test listing 3")).toHaveText([/^Test listing 3/, "No question", "—", "—"]);
  const token = await marketplaceToken(seller.user_id);
  const onMarketplace = (await (
    await marketplaceCall(token, "GET", `/v3/application/listings/${required}`)
  ).json()) as { url: string };
  await expect(
    rowOf(page, "Test listing 1").getByRole("link", {
      name: "View “Test listing 1” on the marketplace (opens in a new tab)",
    }),
  ).toHaveAttribute("href", onMarketplace.url);
});

test("a listing whose old-style personalization fields disagree with its question says so in its row, in plain words", async ({
  page,
}) => {
  // Ada's "Birth flower print no. 8" was last edited through the legacy fields (sandbox/seed.ts).
  await signIn(page, ada);
  const drifted = rowOf(page, "Birth flower print no. 8");
  await expect(drifted).toContainText("was last set the old way and differs slightly");
  await expect(drifted.getByRole("cell")).toHaveText([/^Birth flower print no\. 8/, /./, "Optional", "30"]);
  await expect(rowOf(page, "Name necklace no. 1")).not.toContainText("old way");
});

test("the first page view reads the marketplace once per 100 listings while the shop's mirror fills with one read per state; then turning pages reads nothing and a reload one page", async ({
  page,
}) => {
  const seller = await newSeller(30);
  await putQuestion(seller, seller.listing_ids[0]!, {
    instructions: "Initials",
    required: true,
    max_allowed_characters: 3,
  });
  const before = await lastRequestId();
  await signIn(page, seller);
  await expect(rows(page)).toHaveCount(25);
  const listingsPath = `GET /v3/application/shops/${seller.shop_id}/listings 200`;
  const reads = async (since: number) =>
    (await requestsSince(since))
      .filter((entry) => entry.path.includes("/listings"))
      .map((entry) => `${entry.method} ${entry.path} ${entry.status}`);
  await expect(page.getByTestId("mirror-status")).toContainText("Listings as of");
  // The state tabs count from the mirror: no read of their own.
  await expect(page.getByTestId("state-count")).toHaveCount(6);
  expect(await reads(before)).toEqual(Array(1 + 5).fill(listingsPath));

  const turned = await lastRequestId();
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page.getByText("Showing 26–30 of 30")).toBeVisible();
  await page.getByRole("link", { name: "Previous page" }).click();
  await expect(rowOf(page, "Test listing 1").getByRole("cell")).toHaveText([
    /^Test listing 1/,
    "Initials",
    "Required",
    "3",
  ]);
  await page.waitForLoadState("networkidle");
  expect(await reads(turned)).toEqual([]);

  await page.reload();
  await expect(rows(page)).toHaveCount(25);
  await expect(page.getByTestId("state-count")).toHaveCount(6);
  await page.waitForLoadState("networkidle");
  expect(await reads(turned)).toEqual([listingsPath]);
});
