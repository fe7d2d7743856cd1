import { expect, test, type Page } from "@playwright/test";
import { signInTo } from "./editor";
import { E2E } from "./ports";
import { control, newSeller, putQuestion, signIn, type TestSeller } from "./sandbox-control";

const INSTRUCTIONS = 2;
const cell = (page: Page, row: number, col: number) => page.locator(`[data-cell="${row}:${col}"]`);
const LONG =
  "Type the name exactly as it should be engraved, capitals and accents included; we read every order by hand first.";

// The clock decides the period here, so the pin the other specs rely on is lifted and put back afterwards.
test.beforeEach(async () => {
  await control("/phase", { phase: null });
  await control("/clock", { at: "2026-05-01T09:00:00Z" });
});
test.afterEach(async () => {
  await control("/clock", { at: new Date().toISOString() });
  await control("/phase", { phase: "migration" });
});

/** A shop whose listings ask in instructions the single-question period takes and 11 May 2026 refuses. */
async function shopOverTheComingLimit(count: number, fine: number): Promise<TestSeller> {
  const seller = await newSeller(count + fine);
  for (const [index, id] of seller.listing_ids.entries())
    await putQuestion(seller, id, {
      instructions: index < count ? `${LONG} ${id}` : "Name to engrave",
      required: false,
      max_allowed_characters: 40,
    });
  return seller;
}

const mirrorFilled = (page: Page) =>
  expect(page.getByTestId("mirror-status")).toContainText(/kept fresh|checked for changes/, { timeout: 20_000 });

test("before 11 May 2026 the health check counts the listings the 120-character rule will break, plans their fix, and on the day they are a finding", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const seller = await shopOverTheComingLimit(3, 1);
  const over = seller.listing_ids.slice(0, 3);
  await signIn(page, seller, { from: signInTo("/listings") });
  await mirrorFilled(page);

  await page.goto(`${E2E.dashboardUrl}/inbox`);
  await expect(page.getByText("All 4 listings follow the marketplace's current rules.")).toBeVisible();
  const coming = page.getByRole("list", { name: "Coming rules" }).getByRole("listitem").first();
  await expect(coming.locator("summary")).toHaveText(
    "From 11 May 2026: 3 listings have instructions over 120 characters, which the marketplace refuses from then on: shorten them before that day",
  );
  await coming.locator("summary").click();
  await expect(coming.getByRole("listitem")).toHaveCount(3);
  await expect(coming).toContainText(
    `Its question has instructions of ${`${LONG} ${over[0]}`.length} characters (“${LONG.slice(0, 39).trimEnd()}…”); from then on the marketplace takes at most 120.`,
  );
  await page.getByRole("heading", { name: "Shop health check" }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath("health-forecast.png") });

  await coming.getByRole("link", { name: /Fix these 3 in a grid/ }).click();
  await expect(page).toHaveURL(new RegExp(`/listings/grid\\?ids=${over.join(",")}$`));
  await expect(page.getByRole("grid").getByText("Use at most 120 characters.")).toHaveCount(3);
  await cell(page, 0, INSTRUCTIONS).click();
  await page.keyboard.press("Enter");
  await page.getByRole("textbox", { name: /^Instructions of/ }).fill("Type the name to engrave.");
  await page.keyboard.press("Enter");
  // Shift and the arrows choose the three rows; Ctrl+D fills them from the first.
  await page.keyboard.press("ArrowUp");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Control+d");
  await expect(page.getByTestId("grid-summary")).toHaveText("3 questions changed on 3 listings.");
  await page.getByRole("button", { name: "Review 3 changes" }).click();
  await expect(page).toHaveURL(/\/changes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("button", { name: "Apply 3 changes" })).toBeVisible();

  // The review is left unapplied: on the day, the same three listings are today's finding and nothing is forecast.
  await control("/clock", { at: "2026-05-11T09:00:00Z" });
  await expect(async () => {
    await page.goto(`${E2E.dashboardUrl}/listings/${over[0]}`);
    await page.goto(`${E2E.dashboardUrl}/inbox`);
    await expect(
      page.getByRole("listitem").filter({ hasText: "Instructions over the marketplace's current limit: 3 listings" }),
    ).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 30_000, intervals: [1_000] });
  await expect(page.getByRole("list", { name: "Coming rules" })).toHaveCount(0);
});
