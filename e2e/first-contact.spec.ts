import { expect, test, type Page } from "@playwright/test";
import { editorPath, hydrated, signInTo } from "./editor";
import {
  control,
  inPhase,
  newSeller,
  putQuestion,
  sandboxAnswers,
  shopManagerEdit,
  signIn,
  type TestSeller,
} from "./sandbox-control";
import { violations } from "./axe";

const GIFT_NOTE = { instructions: "Gift note", required: false, max_allowed_characters: 100 };

const card = (page: Page) => page.getByRole("region", { name: "What your shop needs" });

/** Signs in and waits until the shop's mirror is filled: the card needs it, and reads nothing else. */
async function signInAndFill(page: Page, seller: TestSeller) {
  await signIn(page, seller);
  await expect(page.getByTestId("mirror-status")).toContainText("Listings as of", { timeout: 20_000 });
}

test("the first card says how many active listings ask buyers nothing and how many need attention, and Add a question shows them", async ({
  page,
}) => {
  const seller = await newSeller(15);
  for (const listingId of seller.listing_ids.slice(0, 3)) await putQuestion(seller, listingId, GIFT_NOTE);
  await signInAndFill(page, seller);
  await expect(page.getByTestId("mirror-status")).not.toContainText(/\b0 listings\b/);
  await expect(card(page)).toContainText("12 active listings ask buyers nothing.");
  await expect(card(page)).not.toContainText("need attention");

  // Changed on the marketplace itself: the next read of the listings finds it, and the card counts it.
  await shopManagerEdit(seller.listing_ids[1]!, "Set in Shop Manager", 25);
  await page.reload();
  await expect(card(page)).toContainText("1 listing needs attention");
  await expect(card(page).getByRole("link", { name: "See what needs attention" })).toHaveAttribute("href", "/inbox");

  const add = card(page).getByRole("link", { name: "Add a question" });
  await hydrated(add);
  await add.click();
  await expect(page).toHaveURL(/\/listings\?state=active&filter=none&page=1$/);
  await expect(page.getByLabel("Personalization")).toHaveValue("none");
  await expect(page.getByText("Showing 1–12 of 12 (of 15 active)")).toBeVisible();
});

test("a listing is found by its number, with a # or in the marketplace's address of it", async ({ page }) => {
  const seller = await newSeller(30);
  const wanted = seller.listing_ids[16]!;
  await signIn(page, seller);
  const search = page.getByRole("searchbox", { name: "Search by title or listing number" });
  await hydrated(search);
  for (const typed of [String(wanted), `#${wanted}`, `https://www.etsy.com/listing/${wanted}/blue-mug`]) {
    await search.fill(typed);
    await expect(page.getByText("Showing 1–1 of 1 (of 30 active)")).toBeVisible();
    await expect(page.getByRole("link", { name: "Test listing 17", exact: true })).toBeVisible();
  }
});

test("the back link of a page reached without the view in its address returns to the tab, filter, sort and page left", async ({
  page,
}) => {
  const seller = await newSeller(60);
  await signIn(page, seller);
  await expect(page.getByText("Showing 1–25 of 60")).toBeVisible();
  await hydrated(page.getByLabel("Sort by"));
  await page.getByLabel("Sort by").selectOption("title-desc");
  await page.getByLabel("Personalization").selectOption("none");
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(/\/listings\?state=active&filter=none&sort=title-desc&page=2$/);
  const place = page.url();

  await page.getByRole("link", { name: "Changes and spreadsheets" }).click();
  await expect(page).toHaveURL(/\/changes$/);
  await page.getByRole("link", { name: "← Back to listings" }).click();
  await expect(page).toHaveURL(place);
  await expect(page.getByText("Showing 26–50 of 60")).toBeVisible();
  await expect(page.getByLabel("Sort by")).toHaveValue("title-desc");
});

test("while the marketplace is away the listings page keeps its tabs, search, filters and the kept listings, and reads the marketplace again once it answers", async ({
  page,
}) => {
  const seller = await newSeller(30);
  await signInAndFill(page, seller);
  await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();
  await hydrated(page.getByLabel("Personalization"));
  await page.getByLabel("Personalization").selectOption("none");
  await expect(page).toHaveURL(/filter=none/);
  await control("/outage", { seconds: 5 });
  await expect.poll(sandboxAnswers).toBe(false);

  await page.reload();
  const note = page.getByRole("status").filter({ hasText: "the marketplace is not answering" });
  await expect(note).toBeVisible();
  await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Filter by state" }).getByRole("link")).toHaveCount(6);
  await expect(page.getByRole("searchbox", { name: "Search by title or listing number" })).toBeVisible();
  await expect(page.getByLabel("Personalization")).toHaveValue("none");
  await expect(page.getByRole("heading", { name: "What your shop needs" })).toBeVisible();

  await expect.poll(sandboxAnswers, { timeout: 15_000 }).toBe(true);
  await expect(note).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText("Showing 1–25 of 30")).toBeVisible();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the first screen shows listings, and a selection's actions stay pinned to the bottom of the screen", async ({
    page,
  }) => {
    const seller = await newSeller(30);
    await signInAndFill(page, seller);
    await expect(card(page)).toContainText("30 active listings ask buyers nothing.");
    const firstRow = page
      .getByRole("row")
      .filter({ has: page.getByRole("link", { name: "Test listing 1", exact: true }) });
    await expect(firstRow).toBeInViewport();
    expect((await firstRow.boundingBox())!.y + 44).toBeLessThan(844);
    await page.screenshot({ path: "test-results/first-contact-390.png" });

    const bar = page.getByRole("region", { name: "Change several listings at once" });
    await expect(bar).toBeHidden();
    const box = page.getByRole("checkbox", { name: "Select Test listing 2", exact: true });
    await hydrated(box);
    await box.check();
    await page.mouse.wheel(0, 3000);
    await expect(page.getByText("Showing 1–25 of 30")).toBeInViewport();
    await expect(bar).toBeInViewport();
    const where = (await bar.boundingBox())!;
    expect(where.y + where.height).toBeGreaterThan(844 - 20);
    expect(where.height).toBeLessThan(844 / 5);
    await expect(bar.getByTestId("bulk-selection")).toHaveText("1 listing selected.");
    await page.screenshot({ path: "test-results/first-contact-390-selected.png" });
  });
});

for (const colorScheme of ["light", "dark"] as const)
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const)
    test(`the first card has no axe violations (${colorScheme}, ${width} px)`, async ({ page }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height });
      const seller = await newSeller(5);
      await putQuestion(seller, seller.listing_ids[0]!, GIFT_NOTE);
      await signInAndFill(page, seller);
      await shopManagerEdit(seller.listing_ids[0]!, "Set in Shop Manager", 25);
      await page.reload();
      await expect(card(page)).toContainText("4 active listings ask buyers nothing.");
      await expect(card(page)).toContainText("1 listing needs attention");
      expect(await violations(page)).toEqual([]);
      await page.screenshot({ path: `test-results/first-contact-${colorScheme}-${width}.png`, fullPage: false });
    });

test.describe("in the multi-question period", () => {
  inPhase("multi-question");

  test("the question type picker starts at Text on each listing, and a dropdown's hint gives the choices' real limit", async ({
    page,
  }) => {
    const seller = await newSeller(3);
    await putQuestion(seller, seller.listing_ids[0]!, GIFT_NOTE);
    await putQuestion(seller, seller.listing_ids[1]!, GIFT_NOTE);
    await signIn(page, seller, { from: signInTo(`${editorPath(seller.listing_ids[0]!)}?state=active&page=1`) });
    const picker = page.getByLabel("Type of the new question");
    await hydrated(picker);
    await expect(picker).toHaveValue("text_input");
    await picker.selectOption("dropdown");
    await page.getByRole("button", { name: "Add a question" }).click();
    await expect(
      page.getByText("1 to 30 choices, each 1 to 20 characters and different from the others."),
    ).toBeVisible();

    const next = page.getByRole("link", { name: /^Next listing: Test listing 2/ });
    await hydrated(next);
    await next.click();
    await page.getByRole("button", { name: "Leave without saving" }).click();
    await expect(page.getByRole("heading", { name: "Test listing 2" })).toBeVisible();
    await expect(page.getByLabel("Type of the new question")).toHaveValue("text_input");
  });
});

test("a marketplace account without a shop is told how to open one, and is offered no orders or findings", async ({
  page,
}) => {
  await signIn(page, { email: "cy@example.com", password: "cy-sandbox-3" });
  await expect(page.getByText(/Your marketplace account has no shop yet/)).toBeVisible();
  const header = page.getByRole("banner");
  await expect(header.getByRole("button", { name: "Sign out", exact: true })).toBeVisible();
  await expect(header.getByRole("link", { name: "Orders" })).toHaveCount(0);
  await expect(header.getByTestId("needs-attention")).toHaveCount(0);
});
