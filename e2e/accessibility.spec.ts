import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { editor, editorPath, signInTo } from "./editor";
import { newSeller, putQuestion, signIn, storedListing } from "./sandbox-control";

/** axe's findings, one line each, so a failure names the rule and the elements. */
async function violations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
  );
}

test("the sign-in page has no axe violations, also with a message showing", async ({ page }) => {
  await page.goto("/sign-in");
  await expect(page.getByRole("button", { name: "Sign in with the marketplace" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.goto("/sign-in?reason=expired");
  await expect(page.getByText("Your marketplace sign-in has expired.")).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the marketplace's sign-in and consent pages have no axe violations", async ({ page }) => {
  const seller = await newSeller(1);
  await page.goto("/sign-in");
  await page.getByRole("button", { name: "Sign in with the marketplace" }).click();
  await expect(page.getByLabel("Email")).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.getByLabel("Email").fill(seller.email);
  await page.getByLabel("Password").fill(seller.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: /Allow .* to access your account/ })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("the listings page and the editor have no axe violations, also with errors showing", async ({ page }) => {
  const seller = await newSeller(2);
  const listingId = seller.listing_ids[0]!;
  await putQuestion(seller, listingId, { instructions: "Name to engrave", required: true, max_allowed_characters: 12 });
  await signIn(page, seller);
  await expect(page.getByRole("table")).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto(editorPath(listingId));
  const form = editor(page);
  await expect(form.instructions).toHaveValue("Name to engrave");
  expect(await violations(page)).toEqual([]);

  await form.instructions.fill(" WRITE YOUR NAME");
  await form.limit.fill("0");
  await form.save.click();
  await expect(form.instructionsError).not.toBeEmpty();
  await expect(form.limitError).not.toBeEmpty();
  expect(await violations(page)).toEqual([]);

  await page.getByRole("button", { name: "Remove personalization" }).click();
  await expect(page.getByRole("dialog", { name: "Remove personalization?" })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test("keyboard only: tab to Add a question, Enter, type, tab to the limit, tab to save, Enter saves", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = seller.listing_ids[0]!;
  await signIn(page, seller, { from: signInTo(editorPath(listingId)) });
  await expect(page).toHaveURL(editorPath(listingId));
  const form = editor(page);
  const add = page.getByRole("button", { name: "Add a question" });
  await expect(add).toBeEnabled();

  // From the top of the page: the header's link and button, "Back to listings", then "Add a question".
  await page.locator("body").focus();
  for (let presses = 0; presses < 10 && !(await add.evaluate((button) => button === document.activeElement)); presses++)
    await page.keyboard.press("Tab");
  await expect(add).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(form.instructions).toBeFocused();
  await page.keyboard.type("Name to engrave");
  await page.keyboard.press("Tab");
  await expect(form.limit).toBeFocused();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("15");
  await page.keyboard.press("Tab");
  await expect(form.required).toBeFocused();
  await page.keyboard.press("Space");
  await page.keyboard.press("Tab");
  await expect(form.save).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(
    page.getByRole("status").filter({ hasText: "Saved. Buyers are now asked this question." }),
  ).toBeVisible();
  expect((await storedListing(listingId)).personalization.personalization_questions).toMatchObject([
    { instructions: "Name to engrave", max_allowed_characters: 15, required: true },
  ]);
});
