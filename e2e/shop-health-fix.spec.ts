import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { applyChange } from "./changes";
import { E2E } from "./ports";
import { control, inShopManager, newSeller, putQuestion, signIn, storedListing } from "./sandbox-control";

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

/** A shop whose listings hold problems the marketplace took in an earlier day, set in its Shop Manager before sign-in. */
async function shopWithFindings() {
  const seller = await newSeller(4);
  const [required, capitals, long] = seller.listing_ids as [number, number, number];
  const text = (instructions: string, isRequired = false) => [
    {
      question_type: "text_input",
      question_text: "Personalization",
      instructions,
      required: isRequired,
      max_allowed_characters: 20,
    },
  ];
  await inShopManager(required, text("", true));
  await inShopManager(capitals, text("TYPE YOUR NAME HERE, please."));
  await inShopManager(long, text(TOO_LONG));
  return { seller, required, capitals, long };
}

async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

test("every automatic fix is one plan over the listings of several findings, leaving out those that need words, and applying it fixes them", async ({
  page,
}) => {
  const { seller, required, capitals, long } = await shopWithFindings();
  await signIn(page, seller, { from: `${E2E.dashboardUrl}/sign-in` });
  await expect(page.getByTestId("mirror-status")).toContainText(/kept fresh/, { timeout: 20_000 });

  await page.goto(`${E2E.dashboardUrl}/inbox`);
  const all = page.getByRole("button", { name: "Review all automatic fixes" });
  await expect(all).toHaveAccessibleDescription(
    /Instructions with three words in a row in capitals \(1 listing\): instructions in capitals put in sentence case\..*A required question without instructions \(1 listing\): required questions without instructions made optional\./,
  );
  await expect(page.getByTestId("automatic-fixes-left-out")).toHaveText(
    "Left out, as they need your own words: Instructions over the marketplace's current limit (1 listing).",
  );
  const capitalsFinding = page.getByRole("listitem").filter({ hasText: "Instructions with three words in a row" });
  await capitalsFinding.locator("summary").click();
  await expect(capitalsFinding).toContainText(
    "Its question has three or more words in a row in capitals: “TYPE YOUR NAME HERE, please.”.",
  );
  expect(await violations(page)).toEqual([]);

  await all.click();
  await expect(page).toHaveURL(/\/changes\/[0-9a-f-]{36}$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Health check: instructions in capitals put in sentence case; required questions without instructions made optional",
  );
  expect((await storedListing(required)).personalization.personalization_questions[0]?.required).toBe(true);
  await applyChange(page, 2);
  await expect
    .poll(async () => (await storedListing(capitals)).personalization.personalization_questions[0]?.instructions)
    .toBe("Type your name here, please.");
  expect((await storedListing(required)).personalization.personalization_questions[0]?.required).toBe(false);
  expect((await storedListing(long)).personalization.personalization_questions[0]?.instructions).toBe(TOO_LONG);
  await expect(page.getByRole("link", { name: "Back to the health check" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Next finding" })).toHaveAttribute("href", "/inbox#finding-too-long");
  expect(await violations(page)).toEqual([]);
});

test("after a single fix is applied, Next finding lands on the next finding still open in the check", async ({
  page,
}) => {
  const { seller, capitals } = await shopWithFindings();
  await signIn(page, seller, { from: `${E2E.dashboardUrl}/sign-in` });
  await expect(page.getByTestId("mirror-status")).toContainText(/kept fresh/, { timeout: 20_000 });

  await page.goto(`${E2E.dashboardUrl}/inbox`);
  const finding = page
    .getByRole("listitem")
    .filter({ hasText: "Instructions with three words in a row in capitals: 1" });
  await finding.getByRole("button", { name: "Review the fix: put the capitalised words in sentence case" }).click();
  await applyChange(page, 1);
  expect((await storedListing(capitals)).personalization.personalization_questions[0]?.instructions).toBe(
    "Type your name here, please.",
  );
  await expect(page.getByRole("link", { name: "Back to the health check" })).toHaveAttribute(
    "href",
    "/inbox#health-heading",
  );
  await page.getByRole("link", { name: "Next finding" }).click();
  await expect(page).toHaveURL(/\/inbox#finding-required-without-instructions$/);
  const next = page.locator("#finding-required-without-instructions");
  await expect(next).toContainText("A required question without instructions: 1 listing");
  await expect(next).toBeInViewport();
  expect(await violations(page)).toEqual([]);
});
