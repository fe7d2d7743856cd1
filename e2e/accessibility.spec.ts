import { expect, test } from "@playwright/test";
import { appliedText, openChange, QUESTION_SET } from "./changes";
import { editor, editorPath, hydrated, signInTo } from "./editor";
import { control, newSeller, putQuestion, setPhase, shopManagerEdit, signIn, storedListing } from "./sandbox-control";
import { violations } from "./axe";

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

for (const colorScheme of ["light", "dark"] as const) {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    test(`the listings page's recovery, selection, read-only and bulk-retry states have no axe violations (${colorScheme}, ${width} px)`, async ({
      page,
      browser,
    }) => {
      await page.emulateMedia({ colorScheme });
      await page.setViewportSize({ width, height });
      const seller = await newSeller(30);
      await signIn(page, seller);
      await expect(page.getByTestId("state-count").first()).toBeVisible();
      const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
      await hydrated(pageBox);
      await pageBox.check();
      await page.getByRole("button", { name: "Select all 30 active listings" }).click();
      await page.getByRole("checkbox", { name: "Select Test listing 2", exact: true }).uncheck();
      await expect(page.getByTestId("bulk-selection")).toContainText("except 1 you unticked");
      expect(await violations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // Scrolled down, the bulk bar stays in reach (pinned to the top, or to the bottom on a phone) and covers little of the list.
      const bar = page.getByRole("region", { name: "Change several listings at once" });
      await page.mouse.wheel(0, 1500);
      await expect
        .poll(async () => {
          const box = (await bar.boundingBox())!;
          return Math.max(0, Math.min(box.y + box.height, height) - Math.max(box.y, 0));
        })
        .toBeLessThan(height / 5);
      await expect(bar.getByRole("button", { name: "Clear selection" })).toBeInViewport();

      await page.getByRole("button", { name: "Sign out everywhere…" }).click();
      await expect(page.getByRole("dialog", { name: "Sign out everywhere?" })).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.keyboard.press("Escape");

      await control("/faults", {
        method: "GET",
        path: `/v3/application/shops/${seller.shop_id}/listings`,
        status: 429,
        retry_after: 8,
        times: 1,
      });
      await page.reload();
      await expect(page.getByTestId("recovery-countdown")).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole("button", { name: "Try again now" }).click();
      await expect(page.getByRole("table")).toBeVisible();

      await control("/faults", {
        method: "POST",
        path: `/v3/application/shops/${seller.shop_id}/listings/${seller.listing_ids[0]}/personalization`,
        status: 400,
        times: 1,
      });
      await page.getByRole("button", { name: "Clear selection" }).click();
      await page.getByRole("checkbox", { name: "Select Test listing 1", exact: true }).check();
      await page.getByRole("checkbox", { name: "Select Test listing 3", exact: true }).check();
      const dialog = await openChange(page, 2, QUESTION_SET);
      await dialog.getByLabel("Instructions for buyers").fill("Initials");
      await dialog.getByRole("button", { name: "Review the change" }).click();
      await expect(page.getByTestId("plan-summary")).toBeVisible();
      expect(await violations(page)).toEqual([]);
      await page.getByRole("button", { name: "Apply 2 changes" }).click();
      await expect(page.getByTestId("plan-progress")).toHaveText(appliedText(1, 0, 1), { timeout: 30_000 });
      expect(await violations(page)).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

      const readOnly = await (await browser.newContext({ colorScheme, viewport: { width, height } })).newPage();
      await signIn(readOnly, seller, { uncheck: ["Create and edit"] });
      await expect(readOnly.getByTestId("read-only-listings")).toBeVisible();
      expect(await violations(readOnly)).toEqual([]);
      await readOnly.context().close();
    });
  }
}

test("the first Tab stop skips to the content; then the header's links; 'Sign out everywhere' comes after 'Sign out' and asks first", async ({
  page,
}) => {
  const seller = await newSeller(2);
  await signIn(page, seller);
  await hydrated(page.getByRole("button", { name: "Sign out everywhere…" }));
  await page.locator("body").focus();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Personalization dashboard" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByTestId("needs-attention")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Orders" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Sign out", exact: true })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Sign out everywhere…" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Sign out everywhere?" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Stay signed in" })).toBeFocused();
  await page.keyboard.press("Escape");

  await skip.focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
  await expect(page).toHaveURL(/\/listings.*#main$/);
});

test.describe("the states a seller meets when the marketplace changes under them", () => {
  test.afterEach(() => setPhase("migration"));

  for (const colorScheme of ["light", "dark"] as const) {
    for (const [width, height] of [
      [1280, 900],
      [390, 844],
    ] as const) {
      test(`thumbnails, a listing without a question, the changed-since dialog and the inbox have no axe violations (${colorScheme}, ${width} px)`, async ({
        page,
      }) => {
        await page.emulateMedia({ colorScheme });
        await page.setViewportSize({ width, height });
        const seller = await newSeller(3);
        const [bare, edited, outside] = seller.listing_ids as [number, number, number];
        await putQuestion(seller, edited, { instructions: "Gift note", required: false, max_allowed_characters: 200 });
        await signIn(page, seller);
        if (width >= 640) await expect(page.getByRole("row", { name: /Test listing 1/ }).locator("img")).toBeVisible();
        expect(await violations(page)).toEqual([]);

        await page.goto(editorPath(bare));
        await hydrated(page.getByRole("button", { name: "Add a question" }));
        expect(await violations(page)).toEqual([]);

        await page.goto(editorPath(edited));
        const form = editor(page);
        await hydrated(form.save);
        await form.instructions.fill("Name to engrave");
        await shopManagerEdit(edited, "Set in Shop Manager");
        await form.save.click();
        const changed = page.getByRole("dialog", { name: "This listing changed since you opened it" });
        await expect(changed.getByTestId("changed-since-theirs")).toContainText("“Set in Shop Manager”");
        expect(await violations(page)).toEqual([]);
        await changed.getByRole("button", { name: "Take the marketplace’s" }).click();
        await expect(changed).toHaveCount(0);

        await setPhase("webhooks");
        await page.goto("/listings");
        await expect(page.getByTestId("mirror-status")).toContainText("kept fresh by the marketplace's webhooks", {
          timeout: 20_000,
        });
        await shopManagerEdit(outside, "Set on the marketplace");
        await expect(async () => {
          await page.goto("/inbox");
          await expect(page.getByRole("listitem").filter({ hasText: "Test listing 3" })).toBeVisible({ timeout: 250 });
        }).toPass({ timeout: 10_000, intervals: [250] });
        expect(await violations(page)).toEqual([]);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      });
    }
  }
});
