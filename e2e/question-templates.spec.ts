import { expect, test } from "@playwright/test";
import { applyChange, openChange, QUESTION_SET } from "./changes";
import { addQuestion, editor, editorPath, hydrated, openEditor, saveAsTemplate } from "./editor";
import { newSeller, storedListing } from "./sandbox-control";

const questionsOf = async (listingId: number) =>
  (await storedListing(listingId)).personalization.personalization_questions.map(
    ({ instructions, required, max_allowed_characters }) => ({ instructions, required, max_allowed_characters }),
  );

test("a seller saves a question as a template and applies it in another listing's editor", async ({ page }) => {
  const seller = await newSeller(2);
  const [first, second] = seller.listing_ids as [number, number];
  await openEditor(page, seller);
  const form = editor(page);
  await hydrated(form.save);
  await form.instructions.fill("Name to engrave");
  await form.limit.fill("20");
  await form.required.check();

  await page.getByRole("button", { name: "Templates" }).click();
  const dialog = page.getByRole("dialog", { name: "Question templates" });
  await expect(dialog.getByText("No templates yet.")).toBeVisible();
  await dialog.getByRole("button", { name: "Save as template" }).click();
  await expect(dialog.getByText("Give the template a name, for example “Engraving”.")).toBeVisible();
  await expect(dialog.getByLabel("Template name")).toBeFocused();
  await dialog.getByLabel("Template name").fill("Engraving");
  await dialog.getByRole("button", { name: "Save as template" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Saved as template “Engraving”.");
  await expect(dialog.getByTestId("template")).toHaveText(/Engraving“Name to engrave”, required, up to 20 characters/);
  // A taken name is replaced only once the seller says so.
  await dialog.getByLabel("Template name").fill("Engraving");
  await dialog.getByRole("button", { name: "Save as template" }).click();
  await expect(dialog.getByText("Replace template “Engraving”? What it holds now is lost.")).toBeFocused();
  await dialog.getByRole("button", { name: "Keep the old template" }).click();
  await expect(dialog.getByText(/Replace template/)).toHaveCount(0);
  await dialog.getByRole("button", { name: "Close" }).click();
  // Saving a template does not save the listing: the edits are still unsaved.
  expect(await questionsOf(first)).toEqual([]);
  await form.save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();

  await page.goto(editorPath(second));
  await addQuestion(page);
  await expect(form.instructions).toHaveValue("");
  await page.getByRole("button", { name: "Templates" }).click();
  await dialog.getByRole("button", { name: "Use template “Engraving”" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole("status").filter({ hasText: "Template “Engraving” is in the form." })).toBeVisible();
  await expect(form.instructions).toHaveValue("Name to engrave");
  await expect(form.limit).toHaveValue("20");
  await expect(form.required).toBeChecked();
  await expect(form.preview.getByTestId("preview-instructions")).toHaveText("Name to engrave");
  await form.save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  expect(await questionsOf(second)).toEqual([
    { instructions: "Name to engrave", required: true, max_allowed_characters: 20 },
  ]);

  await page.getByRole("button", { name: "Templates" }).click();
  await dialog.getByRole("button", { name: "Delete template “Engraving”" }).click();
  await expect(dialog.getByText("Delete template “Engraving”? This cannot be undone.")).toBeFocused();
  await dialog.getByRole("button", { name: "Keep the template" }).click();
  await expect(dialog.getByTestId("template")).toHaveCount(1);
  await dialog.getByRole("button", { name: "Delete template “Engraving”" }).click();
  await dialog.getByRole("button", { name: "Delete “Engraving”" }).click();
  await expect(dialog.getByRole("status")).toHaveText("Template “Engraving” deleted.");
  await expect(dialog.getByText("No templates yet.")).toBeVisible();
});

test("a template applied as the question of a few selected listings is stored on each of them", async ({ page }) => {
  const seller = await newSeller(3);
  const [first, second, third] = seller.listing_ids as [number, number, number];
  await openEditor(page, seller);
  const form = editor(page);
  await hydrated(form.save);
  await form.instructions.fill("Gift note");
  await form.limit.fill("200");
  const templates = await saveAsTemplate(page, "Gift");
  await templates.getByRole("button", { name: "Close" }).click();

  await page.goto("/listings");
  const box = page.getByRole("checkbox", { name: "Select Test listing 2", exact: true });
  await hydrated(box);
  await box.check();
  await page.getByRole("checkbox", { name: "Select Test listing 3", exact: true }).check();
  const dialog = await openChange(page, 2, QUESTION_SET);
  await dialog.getByLabel("Start from a template").selectOption({ label: "Gift" });
  await dialog.getByRole("button", { name: "Use template" }).click();
  await expect(dialog.getByLabel("Instructions for buyers")).toHaveValue("Gift note");
  await expect(dialog.getByLabel("Character limit for buyers' answers")).toHaveValue("200");
  await dialog.getByRole("button", { name: "Review the change" }).click();
  await applyChange(page, 2);
  for (const listingId of [second, third])
    expect(await questionsOf(listingId)).toEqual([
      { instructions: "Gift note", required: false, max_allowed_characters: 200 },
    ]);
  expect(await questionsOf(first)).toEqual([]);
});
