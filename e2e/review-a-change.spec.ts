import { expect, test, type Page } from "@playwright/test";
import { appliedText, openChange, openDetails } from "./changes";
import { hydrated } from "./editor";
import {
  control,
  newSeller,
  putQuestion,
  sandboxAnswers,
  setPhase,
  signIn,
  storedListing,
  type TestSeller,
} from "./sandbox-control";
import { violations } from "./axe";

const LIMIT = { instructions: "Name to engrave", required: false, max_allowed_characters: 40 };

const limitOf = async (listingId: number) =>
  (await storedListing(listingId)).personalization.personalization_questions[0]?.max_allowed_characters;

/** A seller whose listings ask one text question, limited to 40 characters but for the first, already at 77. */
async function sellerWithLimits(listings: number) {
  const seller = await newSeller(listings);
  for (const [index, id] of seller.listing_ids.entries())
    await putQuestion(seller, id, { ...LIMIT, max_allowed_characters: index === 0 ? 77 : 40 });
  return seller;
}

/** Selects every listing on the listings page and plans a character limit of `limit` for them. */
async function planLimit(page: Page, seller: TestSeller, limit: string) {
  await signIn(page, seller);
  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  await pageBox.check();
  const dialog = await openChange(page, seller.listing_ids.length);
  await dialog.getByLabel("What to change").selectOption({ label: "The text question's character limit" });
  await dialog.getByRole("spinbutton", { name: "Character limit" }).fill(limit);
  await dialog.getByRole("button", { name: "Review the change" }).click();
  return dialog;
}

async function noViolationsLightAndDark(page: Page, what: string) {
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    expect(await violations(page), `${what}, ${colorScheme}`).toEqual([]);
  }
}

// A loaded machine slows the runner's retries of a failing listing: the tests wait on what the page says, not on time.
test.describe.configure({ timeout: 180_000 });

const row = (page: Page, title: string) => page.getByRole("article", { name: title, exact: true });

test("the review opens on what changes, keeps the quota under Details, and once applied speaks in the past tense with a failure counted as failed", async ({
  page,
}) => {
  test.setTimeout(300_000);
  const seller = await sellerWithLimits(4);
  const failing = seller.listing_ids[3]!;
  await planLimit(page, seller, "77");
  await expect(page.getByRole("heading", { name: "Set the text question's character limit to 77" })).toBeVisible();

  await expect(page.getByRole("radio", { name: "Changes (3)" })).toBeChecked();
  await expect(page.getByTestId("plan-row")).toHaveCount(3);
  await expect(row(page, "Test listing 1")).toHaveCount(0);
  await expect(page.getByTestId("plan-summary")).toHaveText(
    "3 listings change, 0 listings skipped, 1 already as asked.",
  );
  // The quota and the reserve wait under Details, closed, after the apply.
  const apply = page.getByRole("button", { name: "Apply 3 changes" });
  await expect(page.getByTestId("plan-cost")).toBeHidden();
  await expect(page.getByRole("spinbutton", { name: /Keep in reserve/ })).toBeHidden();
  const details = page.getByTestId("plan-details");
  expect((await apply.boundingBox())!.y).toBeLessThanOrEqual((await details.boundingBox())!.y);
  await openDetails(page);
  await expect(page.getByTestId("plan-cost")).toContainText("Applying it costs");
  await expect(page.getByRole("spinbutton", { name: /Keep in reserve/ })).toBeVisible();
  await page.screenshot({ path: test.info().outputPath("review-with-details-open.png"), fullPage: true });
  await noViolationsLightAndDark(page, "review");
  await page.emulateMedia({ colorScheme: "light" });

  // The unchanged listing is one click away.
  await page.getByRole("radio", { name: "All (4)" }).click();
  await expect(row(page, "Test listing 1")).toContainText("Unchanged");
  await page.getByRole("radio", { name: "Changes (3)" }).click();
  await expect(page.getByTestId("plan-row")).toHaveCount(3);

  // Every attempt at one listing's write fails.
  await control("/faults", {
    method: "POST",
    path: `/v3/application/shops/${seller.shop_id}/listings/${failing}/personalization`,
    status: 503,
    times: 100,
  });
  try {
    await apply.click();
    await expect(page.getByTestId("plan-progress")).toHaveText(appliedText(2, 0, 1), { timeout: 180_000 });
  } finally {
    await control("/faults", undefined, "DELETE");
  }
  await expect(page.getByTestId("plan-progress")).toHaveAttribute("role", "alert");
  await expect(page.getByTestId("plan-progress")).not.toContainText("Applied.");
  await expect(page.getByTestId("plan-summary")).toHaveText(
    "2 listings changed, 0 listings skipped, 1 already as asked.",
  );
  await expect(page.getByRole("radio", { name: "Failed (1)" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Skipped (0)" })).toBeVisible();
  await expect(row(page, "Test listing 4").getByTestId("plan-outcome")).toHaveText("Failed: not changed");
  await expect(row(page, "Test listing 2").getByTestId("plan-outcome")).toHaveText("Changed");
  // Each state its own look: a failure is not drawn as a change.
  const look = (title: string) =>
    row(page, title)
      .getByTestId("plan-outcome")
      .evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(await look("Test listing 4")).not.toBe(await look("Test listing 2"));
  await expect(page.getByTestId("plan-details")).toHaveCount(0);
  await page.screenshot({ path: test.info().outputPath("applied-with-a-failure.png"), fullPage: true });
  await noViolationsLightAndDark(page, "applied with a failure");
  await page.getByRole("radio", { name: "Failed (1)" }).click();
  await expect(page.getByTestId("plan-row")).toHaveCount(1);
  expect(await limitOf(failing)).toBe(40);
  expect(await limitOf(seller.listing_ids[1]!)).toBe(77);
});

test("a plan never applied can be discarded: kept in the history as discarded, and a stale page cannot apply it", async ({
  page,
  context,
}) => {
  const seller = await sellerWithLimits(2);
  await planLimit(page, seller, "60");
  await expect(page.getByRole("button", { name: "Apply 2 changes" })).toBeVisible();
  const stale = await context.newPage();
  await stale.goto(page.url());
  await hydrated(stale.getByRole("button", { name: "Apply 2 changes" }));

  await page.getByRole("button", { name: "Discard" }).click();
  await expect(page.getByTestId("plan-discarded")).toHaveText(
    "Discarded: nothing of this plan was applied. To make this change, plan it again from your listings.",
  );
  await expect(page.getByRole("button", { name: /^Apply/ })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Discard" })).toHaveCount(0);
  await expect(page.getByTestId("plan-summary")).toHaveText(
    "2 listings would have changed, 0 listings skipped, 0 already as asked.",
  );
  await page.screenshot({ path: test.info().outputPath("discarded.png"), fullPage: true });
  await noViolationsLightAndDark(page, "discarded");

  await stale.getByRole("button", { name: "Apply 2 changes" }).click();
  await expect(stale.getByRole("alert").filter({ hasText: "discarded" })).toContainText(
    "This plan was discarded, so it cannot be applied. Plan the change again from your listings.",
  );
  expect(await Promise.all(seller.listing_ids.map(limitOf))).toEqual([77, 40]);

  await page.goto("/changes");
  await expect(page.getByRole("listitem").filter({ hasText: "character limit to 60" })).toContainText("Discarded");
});

test("a change that would change nothing says so and stores no plan", async ({ page }) => {
  const seller = await newSeller(2);
  for (const id of seller.listing_ids) await putQuestion(seller, id, LIMIT);
  const dialog = await planLimit(page, seller, "40");
  await expect(dialog.getByRole("status")).toHaveText(
    "Nothing to change: every listing is already as asked, so nothing was planned.",
  );
  await expect(page).toHaveURL(/\/listings/);
  await page.goto("/changes");
  await expect(page.getByText("No changes yet.")).toBeVisible();
});

test("Select these listings opens the listings page with exactly the change's listings selected", async ({ page }) => {
  const seller = await sellerWithLimits(4);
  await planLimit(page, seller, "77");
  await expect(page.getByRole("radio", { name: "Changes (3)" })).toBeChecked();
  await page.getByRole("button", { name: "Select these 3 listings" }).click();
  await expect(page).toHaveURL(/\/listings\?state=active$/);
  await expect(page.getByTestId("bulk-selection")).toHaveText("3 listings selected.");
  await expect(page.getByRole("checkbox", { name: "Select Test listing 1", exact: true })).not.toBeChecked();
  for (const n of [2, 3, 4])
    await expect(page.getByRole("checkbox", { name: `Select Test listing ${n}`, exact: true })).toBeChecked();
  await expect(page.getByRole("button", { name: "Change 3 listings…" })).toBeVisible();
});

test("a price in a change's heading is money", async ({ page }) => {
  await setPhase("add-on-resend");
  try {
    const seller = await newSeller(1);
    await putQuestion(seller, seller.listing_ids[0]!, LIMIT);
    await signIn(page, seller);
    const tick = page.getByRole("checkbox", { name: "Select Test listing 1", exact: true });
    await hydrated(tick);
    await tick.check();
    const dialog = await openChange(page, 1);
    await dialog.getByLabel("What to change").selectOption({ label: "The text question's add-on price" });
    await dialog.getByLabel("Add-on price (empty removes it)").fill("4");
    await dialog.getByRole("button", { name: "Review the change" }).click();
    await expect(page.getByRole("heading", { name: "Set the text question's add-on price to $4.00" })).toBeVisible();
  } finally {
    await setPhase("migration");
  }
});

test("the marketplace away while planning: the dialog says to try again from it with nothing lost, and a review whose rows fail to load tries again by itself", async ({
  page,
  context,
}) => {
  const seller = await sellerWithLimits(2);
  await signIn(page, seller);
  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  await pageBox.check();
  const dialog = await openChange(page, 2);
  await dialog.getByLabel("What to change").selectOption({ label: "The text question's character limit" });
  await dialog.getByRole("spinbutton", { name: "Character limit" }).fill("77");
  await control("/outage", { seconds: 5 });
  await expect.poll(sandboxAnswers).toBe(false);

  await dialog.getByRole("button", { name: "Review the change" }).click();
  await expect(dialog.getByRole("alert")).toHaveText(
    "The marketplace is not answering right now, so we could not plan the change. Nothing you chose here is lost: try again from this dialog in a minute.",
  );
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("spinbutton", { name: "Character limit" })).toHaveValue("77");
  expect(await violations(page)).toEqual([]);

  await expect.poll(sandboxAnswers, { timeout: 15_000 }).toBe(true);
  await dialog.getByRole("button", { name: "Review the change" }).click();
  await expect(page.getByRole("heading", { name: "Set the text question's character limit to 77" })).toBeVisible();
  await expect(page.getByRole("radio", { name: "Changes (1)" })).toBeChecked();

  // The dashboard itself out of reach: the rows asked for cannot come, and come by themselves once it is back.
  await context.setOffline(true);
  await page.getByRole("radio", { name: "All (2)" }).click();
  await expect(page.getByTestId("plan-rows-failing")).toHaveText(
    "These rows could not be loaded, and the dashboard tries again by itself.",
  );
  await expect(page.getByRole("button", { name: "Try again" })).toHaveCount(0);
  expect(await violations(page)).toEqual([]);
  await context.setOffline(false);
  await expect(row(page, "Test listing 1")).toContainText("Unchanged", { timeout: 30_000 });
  await expect(page.getByTestId("plan-rows-failing")).toHaveCount(0);
});
