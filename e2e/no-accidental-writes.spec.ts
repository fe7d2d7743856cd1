import { expect, test, type Page, type Request } from "@playwright/test";
import { addQuestion, editor, editorPath, hydrated, openEditor, signInTo, saved, openGiftNoteEditor } from "./editor";
import { lastRequestId, newSeller, requestsSince, signIn, storedListing, personalizationPath } from "./sandbox-control";

/** Server-action calls leave the browser as a POST carrying the `next-action` header. */
const isActionCall = (request: Request) =>
  request.method() === "POST" && request.headers()["next-action"] !== undefined;

/** Every server action the page calls from now on. */
function watchActions(page: Page) {
  const calls: string[] = [];
  page.on("request", (request) => void (isActionCall(request) && calls.push(request.url())));
  return calls;
}

/** The writes the marketplace sandbox logged since `since`. */
const writesSince = async (since: number) =>
  (await requestsSince(since))
    .filter((entry) => entry.method !== "GET")
    .map((entry) => `${entry.method} ${entry.path}`);

test("a listing without a question says so, shows no form until 'Add a question', and Ctrl+S there writes nothing", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = seller.listing_ids[0]!;
  await signIn(page, seller, { from: signInTo(editorPath(listingId)) });
  await expect(page.getByRole("heading", { name: "No personalization question" })).toBeVisible();
  await expect(editor(page).instructions).toHaveCount(0);
  await expect(editor(page).save).toHaveCount(0);
  const add = page.getByRole("button", { name: "Add a question" });
  await hydrated(add);
  const actions = watchActions(page);
  const before = await lastRequestId();

  await page.keyboard.press("ControlOrMeta+s");
  expect(actions).toEqual([]);

  // Server actions run one after another, so a write that Ctrl+S had started would be logged before this save's.
  await addQuestion(page);
  await expect(editor(page).instructions).toBeFocused();
  await expect(editor(page).instructions).toHaveValue("");
  await editor(page).instructions.fill("Name to engrave");
  await editor(page).save.click();
  await expect(saved(page)).toBeVisible();
  expect(actions).toHaveLength(1);
  expect(await writesSince(before)).toEqual([`POST ${personalizationPath(seller, listingId)}`]);
});

test("Save and Ctrl+S do nothing when nothing changed, and Save says why it is unavailable", async ({ page }) => {
  const { seller, listingId, form } = await openGiftNoteEditor(page);
  await expect(form.save).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByText("Nothing to save: change the question first.")).toBeVisible();
  const actions = watchActions(page);
  const before = await lastRequestId();

  await form.save.click({ force: true });
  await form.instructions.press("ControlOrMeta+s");
  await form.instructions.fill("Gift note, please");
  await expect(form.save).not.toHaveAttribute("aria-disabled");
  await form.instructions.fill("Gift note");
  await expect(form.save).toHaveAttribute("aria-disabled", "true");
  await form.save.click({ force: true });
  await form.instructions.press("ControlOrMeta+s");
  expect(actions).toEqual([]);

  await form.instructions.fill("Gift note, please");
  await form.save.click();
  await expect(saved(page)).toBeVisible();
  expect(actions).toHaveLength(1);
  expect(await writesSince(before)).toEqual([`POST ${personalizationPath(seller, listingId)}`]);
});

test("Enter in any field never submits the form; the Save button does", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  const form = editor(page);
  await form.instructions.fill("Name to engrave");
  const actions = watchActions(page);
  const before = await lastRequestId();

  await form.limit.fill("12");
  await form.limit.press("Enter");
  await form.required.press("Enter");
  await form.instructions.press("End");
  await form.instructions.press("Enter");
  await expect(form.instructions).toHaveValue("Name to engrave\n");
  await form.instructions.press("Backspace");
  await expect(saved(page)).toHaveCount(0);
  expect(actions).toEqual([]);
  expect(await writesSince(before)).toEqual([]);

  await form.save.click();
  await expect(saved(page)).toBeVisible();
  expect(await writesSince(before)).toEqual([`POST ${personalizationPath(seller, listingId)}`]);
});

test("a question without instructions asks before it is saved", async ({ page }) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  const form = editor(page);
  const before = await lastRequestId();
  const confirm = page.getByRole("dialog", { name: "Save without instructions?" });

  await form.save.click();
  await expect(confirm).toBeVisible();
  await confirm.getByRole("button", { name: "Add instructions" }).click();
  await expect(confirm).toHaveCount(0);
  await expect(form.instructions).toBeFocused();
  expect(await writesSince(before)).toEqual([]);

  await form.save.click();
  await confirm.getByRole("button", { name: "Save without instructions" }).click();
  await expect(saved(page)).toBeVisible();
  expect((await storedListing(listingId)).personalization.personalization_questions).toMatchObject([
    { instructions: null, max_allowed_characters: 100, required: false },
  ]);
});
