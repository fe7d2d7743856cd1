import { expect, test } from "@playwright/test";
import { addQuestion, editor, editorPath, signInTo } from "./editor";
import { dashboardTokens, newSeller, putQuestion, signIn, storedListing } from "./sandbox-control";

test("a seller edits the question, sees what buyers will see, and saves exactly what they typed", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = seller.listing_ids[0]!;
  await signIn(page, seller);
  await page.getByRole("link", { name: "Test listing 1", exact: true }).click();
  await expect(page).toHaveURL((url) => url.pathname === editorPath(listingId));
  await expect(page.getByRole("heading", { name: "Test listing 1" })).toBeVisible();
  const form = editor(page);
  await addQuestion(page);

  // The type and title are fixed during the migration period (docs/marketplace.md §8).
  const fixed = page.getByRole("group", { name: "Personalization question" });
  await expect(fixed.getByRole("definition")).toHaveText(["Text input", "Personalization"]);
  await expect(form.stored.getByTestId("stored-personalizable")).toHaveText("No");

  const text = "Name for the engraving, up to 12 letters ✨";
  await form.instructions.fill(text);
  await expect(page.getByText(`${[...text].length} / 256 characters`)).toBeVisible();
  await form.instructions.press("Backspace");
  await expect(page.getByText(`${[...text].length - 1} / 256 characters`)).toBeVisible();
  await form.instructions.fill(text);
  await form.limit.fill("12");
  await form.required.check();

  await expect(form.preview.getByTestId("preview-instructions")).toHaveText(text);
  await expect(form.preview).toContainText("Personalization *");
  await expect(form.preview.getByText("0 / 12")).toBeVisible();
  await expect(form.preview.getByRole("textbox", { name: "Buyer's answer (preview only)" })).toHaveAttribute(
    "maxlength",
    "12",
  );
  await form.required.uncheck();
  await expect(form.preview).toContainText("Personalization (optional)");
  await form.required.check();

  await form.save.click();
  await expect(
    page.getByRole("status").filter({ hasText: "Saved. Buyers are now asked this question." }),
  ).toBeVisible();
  await expect(form.stored.getByTestId("stored-personalizable")).toHaveText("Yes");
  await expect(form.stored.getByTestId("stored-instructions")).toHaveText(text);
  await expect(form.stored.getByTestId("stored-required")).toHaveText("Yes");
  await expect(form.stored.getByTestId("stored-limit")).toHaveText("12");

  const stored = await storedListing(listingId);
  expect(stored.is_personalizable).toBe(true);
  expect(stored.personalization.personalization_questions).toEqual([
    {
      question_id: expect.any(Number),
      question_type: "text_input",
      question_text: "Personalization",
      instructions: text,
      required: true,
      max_allowed_characters: 12,
      max_allowed_files: null,
      options: null,
      add_on_price: null,
    },
  ]);

  // A fresh page view reads the stored question back from the marketplace.
  await page.reload();
  await expect(form.instructions).toHaveValue(text);
  await expect(form.limit).toHaveValue("12");
  await expect(form.required).toBeChecked();
  await expect(form.stored.getByTestId("stored-instructions")).toHaveText(text);
});

test("changing an existing question sends the new values and nothing else", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = seller.listing_ids[0]!;
  await putQuestion(seller, listingId, { instructions: "Initials please", required: true, max_allowed_characters: 3 });
  await signIn(page, seller, { from: signInTo(editorPath(listingId)) });
  await expect(page).toHaveURL(editorPath(listingId));
  const form = editor(page);
  await expect(form.instructions).toHaveValue("Initials please");
  await expect(form.limit).toHaveValue("3");
  await expect(form.required).toBeChecked();

  await form.instructions.fill("");
  await form.limit.fill("1024");
  await form.required.uncheck();
  await expect(form.preview.getByTestId("preview-instructions")).toHaveText("No instructions.");
  await form.save.click();
  await page
    .getByRole("dialog", { name: "Save without instructions?" })
    .getByRole("button", { name: "Save without instructions" })
    .click();
  await expect(page.getByText("Saved. Buyers are now asked this question.")).toBeVisible();
  await expect(form.stored.getByTestId("stored-limit")).toHaveText("1024");
  await expect(form.stored.getByTestId("stored-required")).toHaveText("No");

  const stored = await storedListing(listingId);
  expect(stored.personalization.personalization_questions).toEqual([
    expect.objectContaining({
      question_type: "text_input",
      question_text: "Personalization",
      instructions: null,
      required: false,
      max_allowed_characters: 1024,
    }),
  ]);
});

test("removing personalization asks first; keeping the question changes nothing, confirming removes it", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = seller.listing_ids[0]!;
  await putQuestion(seller, listingId, {
    instructions: "Name for the tag",
    required: false,
    max_allowed_characters: 20,
  });
  await signIn(page, seller);
  await page.getByRole("link", { name: "Test listing 1", exact: true }).click();
  const form = editor(page);
  await expect(form.stored.getByTestId("stored-instructions")).toHaveText("Name for the tag");

  await page.getByRole("button", { name: "Remove personalization" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove personalization?" });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("Buyers of “Test listing 1” will no longer be asked a question");
  await dialog.getByRole("button", { name: "Keep the question" }).click();
  await expect(dialog).toBeHidden();
  await expect(form.stored.getByTestId("stored-personalizable")).toHaveText("Yes");
  expect((await storedListing(listingId)).personalization.personalization_questions).toHaveLength(1);

  await page.getByRole("button", { name: "Remove personalization" }).click();
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await expect(
    page.getByText("Personalization removed. Buyers are no longer asked a question on this listing."),
  ).toBeVisible();
  await expect(form.stored.getByTestId("stored-personalizable")).toHaveText("No");
  await expect(form.stored).toContainText("QuestionNone");
  await expect(form.stored.getByTestId("stored-instructions")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Remove personalization" })).toHaveCount(0);

  const stored = await storedListing(listingId);
  expect(stored.is_personalizable).toBe(false);
  expect(stored.personalization.personalization_questions).toEqual([]);

  await page.goto("/listings");
  await expect(page.getByRole("row").filter({ hasText: "Test listing 1" }).getByRole("cell")).toHaveText([
    /^Test listing 1/,
    "No question",
    "—",
    "—",
  ]);
});

test("signing out ends the session and forgets the seller's marketplace tokens", async ({ page }) => {
  const seller = await newSeller(1);
  await signIn(page, seller);
  await expect(page.getByRole("heading", { name: `Welcome, TestShop${seller.user_id}` })).toBeVisible();
  expect(dashboardTokens(seller.user_id)).toBeDefined();

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/sign-in\?reason=signed-out/);
  await expect(page.getByRole("status").filter({ hasText: "signed out" })).toHaveText("You are signed out.");
  expect(await (await page.request.get("/api/auth/session")).json()).toBeNull();
  expect(dashboardTokens(seller.user_id)).toBeUndefined();

  await page.goto("/listings");
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=/);
  expect((await page.request.get("/api/listings?state=active&page=1")).status()).toBe(401);
});

test("the form cannot be submitted before the page's scripts run, so an early click cannot drop the draft", async ({
  page,
  browser,
}) => {
  const seller = await newSeller(1);
  const listingId = seller.listing_ids[0]!;
  await putQuestion(seller, listingId, { instructions: "Initials please", required: false, max_allowed_characters: 3 });
  await signIn(page, seller);
  await expect(page.getByRole("table")).toBeVisible();

  // The same session without scripts: the server's HTML, as a seller on a slow connection first sees it.
  const htmlOnly = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const early = await htmlOnly.newPage();
  await early.goto(editorPath(listingId));
  await expect(editor(early).instructions).toBeVisible();
  await expect(editor(early).instructions).toBeDisabled();
  await expect(editor(early).save).toBeDisabled();
  await htmlOnly.close();

  await page.goto(editorPath(listingId));
  await expect(editor(page).instructions).toBeEnabled();
  await editor(page).instructions.fill("Typed after the scripts ran");
  await expect(editor(page).save).toBeEnabled();
  await editor(page).save.click();
  await expect(page.getByText("Saved. Buyers are now asked this question.")).toBeVisible();
  await expect(page).toHaveURL(editorPath(listingId));
});
