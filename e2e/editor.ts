import type { Page } from "@playwright/test";

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
