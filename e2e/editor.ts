import { expect, type Locator, type Page } from "@playwright/test";
import { newSeller, putQuestion, signIn, storedListing, type QuestionInput, type TestSeller } from "./sandbox-control";

/** The editor's fields and panels, found the way a person finds them: by label and role. */
export const editor = (page: Page) => ({
  instructions: page.getByLabel("Instructions for buyers"),
  instructionsError: page.locator("#instructions-error"),
  limit: page.getByLabel("Character limit for buyers' answers"),
  limitError: page.locator("#limit-error"),
  required: page.getByLabel("Buyers must answer (required)"),
  requiredError: page.locator("#required-error"),
  save: page.getByRole("button", { name: "Save question" }),
  stored: page.getByTestId("stored-question"),
  preview: page.getByRole("region", { name: "Preview: what buyers see" }),
});

/** The message a save that landed shows. */
export const saved = (page: Page) =>
  page.getByRole("status").filter({ hasText: "Saved. Buyers are now asked this question." });

/** The message an editor shows when it restores what the seller typed before signing in again or reloading. */
export const draftRestored = (page: Page) =>
  page.getByRole("status").filter({ hasText: "Your unsaved changes were kept. Review them and save." });

/** A history entry's diff rows for the one optional text question it added or removed, as the seller reads them. */
export const optionalTextFields = (instructions: string, limit: number) => [
  `Instructions: “${instructions}”`,
  `Character limit: ${limit}`,
  "Required: No",
  "Add-on price: None",
];

export const editorPath = (listingId: number) => `/listings/${listingId}`;
export const signInTo = (path: string) => `/sign-in?callbackUrl=${encodeURIComponent(path)}`;

/**
 * Signs the seller in straight to the editor of their first listing; returns its id. On a listing without a question
 * it clicks "Add a question" (when the seller may edit), as a seller does before the form appears.
 */
export async function openEditor(page: Page, seller: TestSeller, options: { uncheck?: string[] } = {}) {
  const listingId = seller.listing_ids[0]!;
  await signIn(page, seller, { from: signInTo(editorPath(listingId)), ...options });
  await expect(page).toHaveURL(editorPath(listingId));
  await expect(page.getByRole("heading", { name: "Test listing 1" })).toBeVisible();
  const hasQuestion = (await storedListing(listingId)).personalization.personalization_questions.length > 0;
  if (!hasQuestion && !options.uncheck?.includes("listings_w")) await addQuestion(page);
  return listingId;
}

/** The editor of a listing without a question: "Add a question" brings the form. */
export async function addQuestion(page: Page) {
  const add = page.getByRole("button", { name: "Add a question" });
  await hydrated(add);
  await expect(add).toBeEnabled();
  await add.click();
  await expect(editor(page).instructions).toBeVisible();
}

/** Resolves once React has hydrated the element (it then carries React's fiber), so events reach React's handlers. */
export async function hydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"))))
    .toBe(true);
}

/** Saves what the editor holds as a named template through its Templates dialog; returns the dialog, still open. */
export async function saveAsTemplate(page: Page, name: string) {
  await page.getByRole("button", { name: "Templates" }).click();
  const dialog = page.getByRole("dialog", { name: "Question templates" });
  await dialog.getByLabel("Template name").fill(name);
  await dialog.getByRole("button", { name: "Save as template" }).click();
  await expect(dialog.getByRole("status")).toHaveText(`Saved as template “${name}”.`);
  return dialog;
}

/** The multi-question editor's group for the question at `position` (1-based), optionally of one type. */
export const questionGroup = (page: Page, position: number, type?: string) =>
  page.getByRole("group", { name: new RegExp(`^Question ${position}: ${type ?? ""}`) });

/** Signs the seller in straight to the multi-question editor of `listingId`; returns its hydrated Save button. */
export async function openQuestionSet(page: Page, seller: TestSeller, listingId: number) {
  await signIn(page, seller, { from: signInTo(editorPath(listingId)) });
  await expect(page).toHaveURL(editorPath(listingId));
  const save = page.getByRole("button", { name: "Save questions" });
  await hydrated(save);
  return save;
}

/** A new seller's first listing open in the editor and ready to type in; with `asks`, the listing asks it already. */
export async function openNewEditor(
  page: Page,
  { listings = 1, asks }: { listings?: number; asks?: QuestionInput } = {},
) {
  const seller = await newSeller(listings);
  const listingId = seller.listing_ids[0]!;
  if (asks) await putQuestion(seller, listingId, asks);
  await openEditor(page, seller);
  const form = editor(page);
  await hydrated(form.save);
  return { seller, listingId, form };
}

/** A new seller whose first listing asks "Gift note", open in the editor and ready to type in. */
export const openGiftNoteEditor = (page: Page, listings = 1) =>
  openNewEditor(page, { listings, asks: { instructions: "Gift note", required: false, max_allowed_characters: 200 } });
