import { expect, test, type Page } from "@playwright/test";
import { applyChange, openChange, QUESTION_SET } from "./changes";
import { editorPath, hydrated, signInTo } from "./editor";
import {
  control,
  lastRequestId,
  marketplaceCall,
  marketplaceToken,
  newSeller,
  putQuestion,
  requestsSince,
  signIn,
  storedListing,
  type TestSeller,
} from "./sandbox-control";

const rows = (page: Page) =>
  page
    .getByRole("table")
    .getByRole("row")
    .filter({ has: page.getByRole("cell") });
const titlesShown = (page: Page) => rows(page).locator("a[href^='/listings/']").allTextContents();
const search = (page: Page) => page.getByRole("searchbox", { name: "Search by title" });

async function changeListing(seller: TestSeller, listingId: number, form: Record<string, string>) {
  const token = await marketplaceToken(seller.user_id);
  await marketplaceCall(token, "PATCH", `/v3/application/shops/${seller.shop_id}/listings/${listingId}`, { form });
}

const listingReads = async (seller: TestSeller, since: number) =>
  (await requestsSince(since))
    .filter((entry) => entry.path === `/v3/application/shops/${seller.shop_id}/listings`)
    .map((entry) => `${entry.method} ${entry.status}`);

test("search narrows the list through the marketplace's reads, once typing pauses, and stays in the URL", async ({
  page,
}) => {
  const seller = await newSeller(30);
  await changeListing(seller, seller.listing_ids[3]!, { title: "Gold name ring" });
  await changeListing(seller, seller.listing_ids[7]!, { title: "Silver ring" });
  const before = await lastRequestId();
  await signIn(page, seller);
  await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();
  // The page view's own read, then the shop's mirror filling in the background: one read per state.
  await expect(page.getByTestId("mirror-status")).toContainText("Listings as of");
  expect(await listingReads(seller, before)).toEqual(Array(1 + 5).fill("GET 200"));

  await hydrated(search(page));
  await search(page).pressSequentially("RING", { delay: 50 });
  await expect(page).toHaveURL(/\/listings\?state=active&q=RING&page=1$/);
  await expect(rows(page)).toHaveCount(2);
  await expect.poll(() => titlesShown(page)).toEqual(["Gold name ring", "Silver ring"]);
  await expect(page.getByText("Showing 1–2 of 2 (of 30 active)")).toBeVisible();
  await expect(page).toHaveTitle("Active listings matching “RING” · Personalization dashboard");

  // The marketplace is the source: a listing renamed there is found once the dashboard reads the shop again.
  await changeListing(seller, seller.listing_ids[11]!, { title: "Rose gold ring" });
  const renamed = await lastRequestId();
  await page.getByRole("button", { name: "Read the listings again" }).click();
  await expect(rows(page)).toHaveCount(3);
  await expect.poll(() => titlesShown(page)).toEqual(["Gold name ring", "Rose gold ring", "Silver ring"]);
  expect(await listingReads(seller, renamed)).toEqual(["GET 200"]);

  await search(page).fill("gold ring");
  await expect(rows(page)).toHaveCount(2);
  await page.reload();
  await expect(search(page)).toHaveValue("gold ring");
  await expect.poll(() => titlesShown(page)).toEqual(["Gold name ring", "Rose gold ring"]);

  await search(page).fill("bracelet");
  await expect(page.getByText("None of your 30 active listings matches “bracelet”.", { exact: false })).toBeVisible();
  await page.getByRole("button", { name: "show all active listings" }).click();
  await expect(search(page)).toHaveValue("");
  await expect(rows(page)).toHaveCount(25);
});

test("filters by question and sorts by title, price or date, across every page", async ({ page }) => {
  const seller = await newSeller(30);
  await putQuestion(seller, seller.listing_ids[4]!, {
    instructions: "Initials",
    required: true,
    max_allowed_characters: 3,
  });
  await control("/clock", { advance_seconds: 60 });
  await putQuestion(seller, seller.listing_ids[27]!, {
    instructions: "Gift note",
    required: false,
    max_allowed_characters: 100,
  });
  await signIn(page, seller);
  await expect(rows(page)).toHaveCount(25);
  await hydrated(page.getByLabel("Personalization", { exact: true }));

  await page.getByLabel("Personalization", { exact: true }).selectOption("Has a question");
  await expect(page).toHaveURL(/filter=with/);
  await expect(rows(page)).toHaveCount(2);
  await expect.poll(() => titlesShown(page)).toEqual(["Test listing 5", "Test listing 28"]);
  await page.getByLabel("Personalization", { exact: true }).selectOption("Answer required");
  await expect.poll(() => titlesShown(page)).toEqual(["Test listing 5"]);
  await page.getByLabel("Personalization", { exact: true }).selectOption("No question");
  await expect(page.getByText("Showing 1–25 of 28 (of 30 active)")).toBeVisible();
  await page.getByLabel("Personalization", { exact: true }).selectOption("All listings");

  await page.getByLabel("Sort by").selectOption("Price, high to low");
  await expect(page).toHaveURL(/sort=price-desc/);
  await expect(rows(page).first()).toContainText("Test listing 30");
  await page.getByLabel("Sort by").selectOption("Title, Z to A");
  await expect(rows(page).first()).toContainText("Test listing 30");
  await expect(rows(page).nth(1)).toContainText("Test listing 29");
  await page.getByLabel("Sort by").selectOption("Recently updated");
  // The two listings given a question are the latest changed; the last one changed comes first.
  await expect.poll(async () => (await titlesShown(page)).slice(0, 2)).toEqual(["Test listing 28", "Test listing 5"]);
  await page.getByLabel("Sort by").selectOption("Title, A to Z");
  await expect
    .poll(async () => (await titlesShown(page)).slice(0, 3))
    .toEqual(["Test listing 1", "Test listing 2", "Test listing 3"]);
});

test("page numbers and a jump box move through 240 listings, and page 400 shows the last page", async ({ page }) => {
  const seller = await newSeller(240);
  await signIn(page, seller);
  await expect(page.getByText("Showing 1–25 of 240")).toBeVisible();
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages.getByRole("link", { name: "Page 1", exact: true })).toHaveAttribute("aria-current", "page");

  await page.goto("/listings?state=active&page=400");
  await expect(page).toHaveURL(/\/listings\?state=active&page=10$/);
  await expect(page.getByText("Showing 226–240 of 240")).toBeVisible();
  await expect(rows(page)).toHaveCount(15);
  await expect(pages.getByRole("link", { name: "Page 10", exact: true })).toHaveAttribute("aria-current", "page");
  await expect(pages.getByRole("link", { name: "Next page" })).toHaveCount(0);

  await hydrated(pages.getByLabel("Go to page"));
  await pages.getByLabel("Go to page").fill("99");
  await pages.getByRole("button", { name: "Go" }).click();
  await expect(pages.getByRole("alert")).toHaveText("There is no page 99. Type a page number from 1 to 10.");
  await expect(pages.getByLabel("Go to page")).toHaveValue("99");
  await pages.getByLabel("Go to page").fill("3");
  await pages.getByLabel("Go to page").press("Enter");
  await expect(page).toHaveURL(/page=3$/);
  await expect(page.getByText("Showing 51–75 of 240")).toBeVisible();
  await pages.getByRole("link", { name: "Page 5", exact: true }).click();
  await expect(page.getByText("Showing 101–125 of 240")).toBeVisible();
  await page.goBack();
  await expect(page.getByText("Showing 51–75 of 240")).toBeVisible();
});

test("back from the editor returns to the same tab, page, search, sort and selection; the editor steps through that list", async ({
  page,
}) => {
  const seller = await newSeller(60);
  for (const listingId of seller.listing_ids.slice(0, 30))
    await changeListing(seller, listingId, { state: "inactive" });
  await signIn(page, seller);
  // The shop has 30 active and 30 inactive listings, so each step waits for its own URL before the next one acts.
  const inactiveTab = page.getByRole("navigation", { name: "Filter by state" }).getByRole("link", { name: "Inactive" });
  await hydrated(inactiveTab);
  await inactiveTab.click();
  await expect(inactiveTab).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();
  await hydrated(search(page));
  await search(page).fill("listing");
  await expect(page).toHaveURL(/state=inactive&q=listing&page=1$/);
  await page.getByLabel("Sort by").selectOption("Title, Z to A");
  await expect(page).toHaveURL(/state=inactive&q=listing&sort=title-desc&page=1$/);
  await expect.poll(async () => (await titlesShown(page))[0]).toBe("Test listing 30");
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next page" }).click();
  const listUrl = /\/listings\?state=inactive&q=listing&sort=title-desc&page=2$/;
  await expect(page).toHaveURL(listUrl);
  // Z to A over "Test listing 1" to "Test listing 30": page 2 holds 5 down to 1.
  await expect
    .poll(() => titlesShown(page))
    .toEqual(["Test listing 5", "Test listing 4", "Test listing 3", "Test listing 2", "Test listing 1"]);
  await page.getByRole("checkbox", { name: "Select Test listing 4", exact: true }).check();
  await page.getByRole("checkbox", { name: "Select Test listing 2", exact: true }).check();
  await expect(page.getByTestId("bulk-selection")).toHaveText("2 listings selected.");

  await page.getByRole("link", { name: "Test listing 3", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Test listing 3" })).toBeVisible();
  const pager = page.getByRole("navigation", { name: "Other listings" });
  await expect(pager).toContainText("Listing 28 of 30");
  // In the page as served, not fetched once it has loaded, so the pager never pushes the editor down.
  const served = await (await page.request.get(page.url())).text();
  expect(served).toMatch(/aria-label="Other listings".*Listing (<!-- -->)?28(<!-- -->)? of (<!-- -->)?30/s);
  await pager.getByRole("link", { name: "Next listing: Test listing 2" }).click();
  await expect(page.getByRole("heading", { name: "Test listing 2" })).toBeVisible();
  await expect(pager.getByRole("link", { name: "Previous listing: Test listing 3" })).toBeVisible();
  await pager.getByRole("link", { name: "Next listing: Test listing 1" }).click();
  await expect(pager).toContainText("Listing 30 of 30");
  await expect(pager.getByRole("link", { name: /Next listing/ })).toHaveCount(0);

  await page.getByRole("link", { name: "← Back to listings" }).click();
  await expect(page).toHaveURL(listUrl);
  await expect(
    page.getByRole("navigation", { name: "Filter by state" }).getByRole("link", { name: "Inactive" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(search(page)).toHaveValue("listing");
  await expect(page.getByLabel("Sort by")).toHaveValue("title-desc");
  await expect(
    page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Page 2", exact: true }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("bulk-selection")).toHaveText("2 listings selected.");
  await expect(page.getByRole("checkbox", { name: "Select Test listing 4", exact: true })).toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Select Test listing 3", exact: true })).not.toBeChecked();

  await page.getByRole("link", { name: "Test listing 5", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Test listing 5" })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(listUrl);
  await expect(page.getByTestId("bulk-selection")).toHaveText("2 listings selected.");
});

test("on a first visit, the editor keeps its place while the pager loads its neighbours", async ({ page }) => {
  const seller = await newSeller(3);
  await page.addInitScript(() => {
    const shifts: number[] = [];
    Object.assign(window, { shifts });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) shifts.push((entry as unknown as { value: number }).value);
    }).observe({ type: "layout-shift", buffered: true });
  });
  // Straight to the editor after signing in: the shop's listings are not read yet, so the pager asks for its
  // neighbours once the page has loaded.
  const neighbours = page.waitForRequest(/\/api\/listings\/\d+\/neighbours/);
  await signIn(page, seller, { from: signInTo(`${editorPath(seller.listing_ids[1]!)}?state=active&page=1`) });
  await neighbours;
  const pager = page.getByRole("navigation", { name: "Other listings" });
  await expect(pager).toContainText(/Listing \d of 3/);
  await expect(pager.getByRole("link", { name: /^Next listing: / })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { shifts: number[] }).shifts)).toEqual([]);
});

test("the bulk bar stays in view while the seller scrolls with listings ticked", async ({ page }) => {
  const seller = await newSeller(30);
  await signIn(page, seller);
  const bar = page.getByRole("region", { name: "Change several listings at once" });
  const box = page.getByRole("checkbox", { name: "Select Test listing 1", exact: true });
  await hydrated(box);
  await box.check();
  await page.getByRole("link", { name: "Test listing 25", exact: true }).scrollIntoViewIfNeeded();
  await expect(box).not.toBeInViewport();
  await expect(bar).toBeInViewport();
  await expect(bar.getByRole("button", { name: "Change 1 listing…" })).toBeInViewport();
  await page.getByRole("checkbox", { name: "Select Test listing 25", exact: true }).check();
  await expect(bar.getByTestId("bulk-selection")).toHaveText("2 listings selected.");
});

test("a long question is cut to two lines in its row and shows whole on hover and on keyboard focus", async ({
  page,
}) => {
  const seller = await newSeller(2);
  const long =
    "Write the name to engrave exactly as it should appear, and tell us if you want a heart after it or a star.";
  await putQuestion(seller, seller.listing_ids[0]!, {
    instructions: long,
    required: false,
    max_allowed_characters: 60,
  });
  await signIn(page, seller);
  const cell = page.getByRole("row").filter({ hasText: "Test listing 1" }).getByRole("cell").nth(1);
  const tooltip = cell.locator("[aria-hidden=true]").filter({ hasText: long });
  await expect(cell).toContainText(long);
  await expect(tooltip).toBeHidden();
  await cell.getByText(long).first().hover();
  await expect(tooltip).toBeVisible();
  await page.mouse.move(0, 0);
  await expect(tooltip).toBeHidden();

  await page.getByRole("link", { name: "View “Test listing 1” on the marketplace (opens in a new tab)" }).focus();
  await page.keyboard.press("Tab");
  await expect(tooltip).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(tooltip).toBeHidden();
});

test("“select all that match” takes only the listings of the search and filter, across pages, into one change", async ({
  page,
}) => {
  const seller = await newSeller(30);
  const [asked] = seller.listing_ids as [number];
  await putQuestion(seller, asked, { instructions: "Gift note", required: false, max_allowed_characters: 100 });
  await signIn(page, seller);
  await hydrated(page.getByLabel("Personalization", { exact: true }));
  await page.getByLabel("Personalization", { exact: true }).selectOption("No question");
  await expect(page.getByText("Showing 1–25 of 29 (of 30 active)")).toBeVisible();
  await page.getByRole("checkbox", { name: "Select all listings on this page" }).check();
  await page.getByRole("button", { name: "Select all 29 active listings that match" }).click();
  await expect(page.getByTestId("bulk-selection")).toHaveText(
    "All 29 active listings that match are selected, on every page.",
  );

  const dialog = await openChange(page, 29, QUESTION_SET);
  await dialog.getByLabel("Instructions for buyers").fill("Initials");
  await dialog.getByLabel("Character limit for buyers' answers").fill("3");
  await dialog.getByRole("button", { name: "Review the change" }).click();
  await expect(page.getByTestId("plan-summary")).toHaveText(
    "29 listings change, 0 listings skipped, 0 already as asked.",
  );
  await applyChange(page, 29);
  expect((await storedListing(asked)).personalization.personalization_questions).toMatchObject([
    { instructions: "Gift note", max_allowed_characters: 100 },
  ]);
  expect((await storedListing(seller.listing_ids[29]!)).personalization.personalization_questions).toMatchObject([
    { instructions: "Initials", max_allowed_characters: 3 },
  ]);
});
