import { expect, test } from "@playwright/test";
import { E2E } from "./ports";
import { control, newSeller, putQuestion, signIn, storedListing } from "./sandbox-control";

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
