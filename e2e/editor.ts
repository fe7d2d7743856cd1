import { expect, type Locator, type Page } from "@playwright/test";
import { signIn, type TestSeller } from "./sandbox-control";

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

export const editorPath = (listingId: number) => `/listings/${listingId}`;
export const signInTo = (path: string) => `/sign-in?callbackUrl=${encodeURIComponent(path)}`;

/** Signs the seller in straight to the editor of their first listing; returns its id. */
export async function openEditor(page: Page, seller: TestSeller, options: { uncheck?: string[] } = {}) {
  const listingId = seller.listing_ids[0]!;
  await signIn(page, seller, { from: signInTo(editorPath(listingId)), ...options });
  await expect(page).toHaveURL(editorPath(listingId));
  await expect(page.getByRole("heading", { name: "Test listing 1" })).toBeVisible();
  return listingId;
}

/** Resolves once React has hydrated the element (it then carries React's fiber), so events reach React's handlers. */
export async function hydrated(locator: Locator) {
  await expect
    .poll(() => locator.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber"))))
    .toBe(true);
}

/** Loads the editor's own form code (it loads at the first hover, focus or press) and resolves once that form runs. */
export async function formLoaded(page: Page) {
  const form = page.getByRole("form", { name: "Personalization question" });
  await hydrated(form);
  await form.hover();
  await expect(form).toHaveAttribute("data-ready", "true");
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
