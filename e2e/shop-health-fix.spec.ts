import { expect, test } from "@playwright/test";
import { applyChange } from "./changes";
import { E2E } from "./ports";
import { control, newSeller, putQuestion, setPhase, signIn, storedListing } from "./sandbox-control";
import { violations } from "./axe";

test.beforeEach(() => control("/phase", { phase: "webhooks" }));
test.afterEach(() => control("/phase", { phase: "migration" }));

test("a health finding's fix is planned from the inbox, reviewed on the change's page, applied there, and the check then finds nothing", async ({
  page,
}) => {
  const seller = await newSeller(3);
  const listingId = seller.listing_ids[0]!;
  await putQuestion(seller, listingId, { instructions: null, required: true, max_allowed_characters: 20 });
  await signIn(page, seller, { from: `${E2E.dashboardUrl}/sign-in` });
  await expect(page.getByTestId("mirror-status")).toContainText(/kept fresh/, { timeout: 20_000 });

  await page.goto(`${E2E.dashboardUrl}/inbox`);
  const finding = page.getByRole("listitem").filter({ hasText: "A required question without instructions: 1 listing" });
  await expect(finding).toBeVisible();
  await finding.getByRole("radio", { name: "Make the question optional" }).check();
  await finding.getByRole("button", { name: "Review this fix" }).click();
  await expect(page).toHaveURL(/\/changes\/[0-9a-f-]{36}$/);
  // Nothing is written before the seller applies the reviewed plan.
  expect((await storedListing(listingId)).personalization.personalization_questions[0]?.required).toBe(true);

  await page.getByRole("button", { name: "Apply 1 change" }).click();
  await expect
    .poll(async () => (await storedListing(listingId)).personalization.personalization_questions[0]?.required)
    .toBe(false);
  await expect(async () => {
    await page.goto(`${E2E.dashboardUrl}/inbox`);
    await expect(page.getByText(/follow the marketplace's current rules/)).toBeVisible({ timeout: 250 });
  }).toPass({ timeout: 10_000, intervals: [250] });
});

const TOO_LONG = `Type the names to stitch, ${"and the colour of each one, ".repeat(5)}please.`;

/** A required question without instructions, and instructions the single-question period took that today's limit refuses. */
async function shopWithFindings() {
  const seller = await newSeller(3);
  const [required, long] = seller.listing_ids as [number, number];
  await putQuestion(seller, required, { instructions: null, required: true, max_allowed_characters: 20 });
  await setPhase("migration");
  await putQuestion(seller, long, { instructions: TOO_LONG, required: false, max_allowed_characters: 20 });
  await setPhase("webhooks");
  return { seller, required, long };
}

const BO = { user_id: 50002, shop_id: 70002, email: "bo@example.com", password: "bo-sandbox-2" };
const BO_FIRST_ID = 2_000_000_001;
/** Bo's seeded findings (sandbox/store/seed.ts), by the index of their listings. */
const boListing = (index: number) => BO_FIRST_ID + index;

test("every automatic fix is one plan over the listings of several findings, leaving out those that need words, and applying it fixes them", async ({
  page,
}) => {
  await signIn(page, BO, { from: `${E2E.dashboardUrl}/sign-in` });
  await expect(page.getByTestId("mirror-status")).toContainText(/kept fresh/, { timeout: 30_000 });

  await page.goto(`${E2E.dashboardUrl}/inbox`);
  const all = page.getByRole("button", { name: "Review all automatic fixes" });
  await expect(all).toHaveAccessibleDescription(
    /Instructions with three words in a row in capitals \(3 listings\): instructions in capitals put in sentence case\. A required question without instructions \(2 listings\): required questions without instructions made optional\. Personalizable, but no question for buyers \(2 listings\): personalization turned off on listings without a question\./,
  );
  await expect(page.getByTestId("automatic-fixes-left-out")).toHaveText(
    "Left out, as they need your own words: Instructions over the marketplace's current limit (2 listings); Other rules the marketplace would refuse on the next write of these questions (2 listings).",
  );
  const refused = page.getByRole("listitem").filter({ hasText: "Other rules the marketplace would refuse" });
  await refused.locator("summary").click();
  await expect(refused).toContainText(
    "Its question, instructions “- initials, three letters at most”: Start with a letter or a digit.",
  );
  expect(await violations(page)).toEqual([]);

  await all.click();
  await expect(page).toHaveURL(/\/changes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Health check: instructions in capitals put in sentence case; required questions without instructions made optional; personalization turned off on listings without a question",
  );
  const question = async (index: number) =>
    (await storedListing(boListing(index))).personalization.personalization_questions[0];
  expect(await question(247)).toMatchObject({ required: true });
  await applyChange(page, 7);
  expect(await question(243)).toMatchObject({ instructions: "Type your initials below, three letters at most." });
  expect(await question(247)).toMatchObject({ required: false });
  expect((await storedListing(boListing(253))).is_personalizable).toBe(false);
  expect(await question(241)).toMatchObject({ instructions: expect.stringMatching(/^Tell us the names to stitch/) });
  await expect(page.getByRole("link", { name: "Back to the health check" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Next finding" })).toHaveAttribute("href", "/inbox#finding-refused");
  expect(await violations(page)).toEqual([]);
});

test("after a single fix is applied, Next finding lands on the next finding still open in the check", async ({
  page,
}) => {
  const { seller, required } = await shopWithFindings();
  await signIn(page, seller, { from: `${E2E.dashboardUrl}/sign-in` });
  await expect(page.getByTestId("mirror-status")).toContainText(/kept fresh/, { timeout: 20_000 });

  await page.goto(`${E2E.dashboardUrl}/inbox`);
  const finding = page.getByRole("listitem").filter({ hasText: "A required question without instructions: 1 listing" });
  await finding.getByRole("radio", { name: "Make the question optional" }).check();
  await finding.getByRole("button", { name: "Review this fix" }).click();
  await applyChange(page, 1);
  expect((await storedListing(required)).personalization.personalization_questions[0]?.required).toBe(false);
  await expect(page.getByRole("link", { name: "Back to the health check" })).toHaveAttribute(
    "href",
    "/inbox#health-heading",
  );
  await page.getByRole("link", { name: "Next finding" }).click();
  await expect(page).toHaveURL(/\/inbox#finding-too-long$/);
  const next = page.locator("#finding-too-long");
  await expect(next).toContainText("Instructions over the marketplace's current limit: 1 listing");
  await next.locator("summary").click();
  await expect(next).toContainText(
    `Its question has instructions of ${TOO_LONG.length} characters (“Type the names to stitch, and the colou…”); the marketplace takes at most 120.`,
  );
  await expect(next).toBeInViewport();
  expect(await violations(page)).toEqual([]);
});
