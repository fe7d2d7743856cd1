import { expect, test } from "@playwright/test";
import { addQuestion, editor, editorPath, openNewEditor, saveAsTemplate } from "./editor";
import { newSeller, signIn, storedListing } from "./sandbox-control";

const leaveDialog = (page: import("@playwright/test").Page) =>
  page.getByRole("dialog", { name: "Leave without saving?" });

test("a link away from unsaved edits asks first: stay keeps them, leave goes", async ({ page }) => {
  const { listingId, form } = await openNewEditor(page);
  await form.instructions.fill("Name to engrave");

  await page.getByRole("link", { name: "← Back to listings" }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await expect(leaveDialog(page).getByRole("button", { name: "Stay and keep editing" })).toBeFocused();
  await leaveDialog(page).getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(leaveDialog(page)).toHaveCount(0);
  await expect(page).toHaveURL(editorPath(listingId));
  await expect(form.instructions).toHaveValue("Name to engrave");

  await page.getByRole("link", { name: "← Back to listings" }).click();
  await leaveDialog(page).getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/listings(\?|$)/);
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([]);
});

test("the back button with unsaved edits asks first, and saved edits leave without asking", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = seller.listing_ids[0]!;
  await signIn(page, seller);
  await page.getByRole("link", { name: "Test listing 1", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${editorPath(listingId)}(\\?|$)`));
  const form = editor(page);
  await addQuestion(page);
  await form.instructions.fill("Name to engrave");

  await page.goBack();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(page).toHaveURL(new RegExp(`${editorPath(listingId)}(\\?|$)`));
  await expect(form.instructions).toHaveValue("Name to engrave");

  await page.goBack();
  await leaveDialog(page).getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/listings(\?|$)/);

  await page.getByRole("link", { name: "Test listing 1", exact: true }).click();
  await addQuestion(page);
  await form.instructions.fill("Gift note");
  await form.save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/listings(\?|$)/);
  await expect(leaveDialog(page)).toHaveCount(0);
});

/** Whether the page asks before unloading now: a cancelable beforeunload event that the page cancels. */
const asksBeforeUnload = (page: import("@playwright/test").Page) =>
  page.evaluate(() => {
    const event = new Event("beforeunload", { cancelable: true });
    window.dispatchEvent(event);
    return event.defaultPrevented;
  });

test("reloading with unsaved edits asks the browser's question; once saved, it does not", async ({ page }) => {
  const { form } = await openNewEditor(page);
  expect(await asksBeforeUnload(page)).toBe(false);
  await form.instructions.fill("Name to engrave");
  expect(await asksBeforeUnload(page)).toBe(true);

  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toEqual(["beforeunload"]);
  // The seller chose to leave: the unsaved edits are gone, and the listing still has no question.
  await expect(form.instructions).toHaveCount(0);

  await addQuestion(page);
  await expect(form.instructions).toHaveValue("");
  await form.instructions.fill("Gift note");
  await form.save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  expect(await asksBeforeUnload(page)).toBe(false);
  await page.reload();
  await expect(form.instructions).toHaveValue("Gift note");
  expect(asked).toEqual(["beforeunload"]);
});

test("signing out with unsaved edits asks first; saving a template does not", async ({ page }) => {
  const { listingId, form } = await openNewEditor(page);
  await form.instructions.fill("Name to engrave");

  const templates = await saveAsTemplate(page, "Engraving");
  await expect(leaveDialog(page)).toHaveCount(0);
  await templates.getByRole("button", { name: "Close" }).click();

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(leaveDialog(page)).toBeVisible();
  await leaveDialog(page).getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(page).toHaveURL(editorPath(listingId));
  await expect(form.instructions).toHaveValue("Name to engrave");

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await leaveDialog(page).getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/sign-in\?reason=signed-out/);
});
