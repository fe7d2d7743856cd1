import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { instructionRules } from "../lib/personalization/schema";
import { sellerVoice } from "../lib/personalization/question-set";
import { NAME_QUESTION, SIDES_QUESTION } from "../test/harness/wire-questions";
import { applyChange, openChange, QUESTION_SET, undoChange } from "./changes";
import { editorPath, hydrated, openQuestionSet, questionGroup, saveAsTemplate } from "./editor";
import {
  inPhase,
  lastRequestId,
  newSeller,
  putQuestion,
  putQuestions,
  requestsSince,
  setPhase,
  signIn,
  storedListing,
  faultQuestionWrites,
} from "./sandbox-control";

// docs/marketplace.md §9.4: the multi-question period, with the sandbox in --phase multi-question.
inPhase("multi-question");

type StoredSetQuestion = {
  question_type: string;
  question_text: string;
  instructions: string | null;
  required: boolean;
  max_allowed_characters: number | null;
  max_allowed_files: number | null;
  options: { label: string }[] | null;
};

// Reads carry each option's option_id (docs/marketplace.md §13.6), the marketplace's own; these tests check the labels written.
const storedSet = async (listingId: number) =>
  ((await storedListing(listingId)).personalization.personalization_questions as unknown as StoredSetQuestion[]).map(
    (question) => ({ ...question, options: question.options && question.options.map(({ label }) => ({ label })) }),
  );

async function addQuestion(page: Page, type: string) {
  await page.getByLabel("Type of the new question").selectOption(type);
  await page.getByRole("button", { name: "Add a question" }).click();
}

/** HTML5 drag and drop as the browser delivers it: dragstart on the handle, then dragover and drop on the target, one DataTransfer throughout. */
async function dragQuestion(page: Page, from: number, to: number) {
  const dataTransfer = await page.evaluateHandle(() => new DataTransfer());
  await questionGroup(page, from).getByTestId("drag-handle").dispatchEvent("dragstart", { dataTransfer });
  const target = questionGroup(page, to).getByRole("heading");
  await target.dispatchEvent("dragenter", { dataTransfer });
  await target.dispatchEvent("dragover", { dataTransfer });
  await target.dispatchEvent("drop", { dataTransfer });
  await questionGroup(page, to).getByTestId("drag-handle").dispatchEvent("dragend", { dataTransfer });
}

const writesSince = async (id: number) =>
  (await requestsSince(id)).filter((entry) => entry.method === "POST" && entry.path.endsWith("/personalization"));

/** A new seller's listing asking for a name to engrave (required, up to 20 characters), open in the question-set editor. */
async function openEngravingSet(page: Page) {
  const seller = await newSeller(1);
  const [listingId] = seller.listing_ids as [number];
  await putQuestion(seller, listingId, { instructions: "Name to engrave", required: true, max_allowed_characters: 20 });
  const save = await openQuestionSet(page, seller, listingId);
  return { seller, listingId, save };
}

test("a seller adds a dropdown with 3 choices and an upload to a listing with a text question, reorders them, saves, and the sandbox holds exactly that set", async ({
  page,
}) => {
  const { listingId, save } = await openEngravingSet(page);
  await expect(questionGroup(page, 1, "Text").getByLabel("Instructions")).toHaveValue("Name to engrave");

  await addQuestion(page, "dropdown");
  const dropdown = questionGroup(page, 2, "Dropdown");
  await dropdown.getByLabel("Title").fill("Font");
  await dropdown.getByLabel("Choice 1", { exact: true }).fill("Serif");
  await dropdown.getByRole("button", { name: "Add a choice" }).click();
  await dropdown.getByLabel("Choice 2", { exact: true }).fill("Script");
  await dropdown.getByRole("button", { name: "Add a choice" }).click();
  await dropdown.getByLabel("Choice 3", { exact: true }).fill("Sans");
  await dropdown.getByRole("button", { name: "Move choice 3 up" }).click();
  await dropdown.getByLabel("Required").check();

  await addQuestion(page, "unlabeled_upload");
  const upload = questionGroup(page, 3, "File upload");
  await upload.getByLabel("Title").fill("Photo");
  await upload.getByLabel("Instructions").fill("A photo to print");
  await upload.getByLabel("Most files a buyer may upload").fill("2");

  // Keyboard: the upload moves up one place; drag: the text question goes to the end.
  await page.getByRole("button", { name: "Move question 3 up" }).click();
  await expect(questionGroup(page, 2)).toHaveAccessibleName("Question 2: File upload (“Photo”)");
  await dragQuestion(page, 1, 3);
  await expect(questionGroup(page, 3)).toHaveAccessibleName("Question 3: Text (“Personalization”)");

  const preview = page.getByTestId("question-set-preview");
  await expect(preview.getByTestId("preview-title")).toHaveText(["Photo", "Font", "Personalization"]);
  await expect(preview.getByRole("combobox")).toContainText("Serif");

  const before = await lastRequestId();
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toHaveText(
    "Saved. Buyers are now asked these 3 questions.",
  );
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeInViewport();
  await expect(save).toBeFocused();
  expect(await storedSet(listingId)).toEqual([
    expect.objectContaining({
      question_type: "unlabeled_upload",
      question_text: "Photo",
      instructions: "A photo to print",
      required: false,
      max_allowed_files: 2,
      options: null,
    }),
    expect.objectContaining({
      question_type: "dropdown",
      question_text: "Font",
      instructions: null,
      required: true,
      options: [{ label: "Serif" }, { label: "Sans" }, { label: "Script" }],
    }),
    expect.objectContaining({
      question_type: "text_input",
      question_text: "Personalization",
      instructions: "Name to engrave",
      required: true,
      max_allowed_characters: 20,
    }),
  ]);
  expect((await writesSince(before)).map((entry) => entry.status)).toEqual([201]);
  await expect(page.getByTestId("stored-title")).toHaveText([
    "Photo (File upload)",
    "Font (Dropdown)",
    "Personalization (Text)",
  ]);
});

test("each rule of each question type is refused in the browser, next to its field, before any request", async ({
  page,
}) => {
  const { listingId, save } = await openEngravingSet(page);
  const text = questionGroup(page, 1, "Text");
  await text.getByLabel("Title").fill("-Name");
  await text.getByLabel("Instructions").fill("TYPE YOUR NAME here");
  await text.getByLabel("Character limit").fill("1025");

  await addQuestion(page, "dropdown");
  const dropdown = questionGroup(page, 2, "Dropdown");
  await dropdown.getByLabel("Title").fill("");
  await dropdown.getByLabel("Choice 1", { exact: true }).fill("Serif");
  await dropdown.getByRole("button", { name: "Add a choice" }).click();
  await dropdown.getByLabel("Choice 2", { exact: true }).fill("Serif");
  await dropdown.getByRole("button", { name: "Add a choice" }).click();

  await addQuestion(page, "unlabeled_upload");
  const upload = questionGroup(page, 3, "File upload");
  await upload.getByLabel("Most files a buyer may upload").fill("11");

  await addQuestion(page, "labeled_upload");
  const labeled = questionGroup(page, 4, "Labelled file upload");
  await labeled.getByRole("button", { name: "Remove file label 1" }).click();

  await addQuestion(page, "text_input");
  await expect(page.getByRole("button", { name: "Add a question" })).toBeDisabled();
  await expect(page.getByText("A listing can ask at most 5 questions: remove one to add another.")).toBeVisible();
  await questionGroup(page, 5, "Text").getByLabel("Character limit").fill("0");

  const before = await lastRequestId();
  await save.click();
  await expect(text.getByRole("alert").filter({ hasText: sellerVoice.titleStart })).toBeVisible();
  await expect(text.getByRole("alert").filter({ hasText: instructionRules.caps })).toBeVisible();
  await expect(text.getByRole("alert").filter({ hasText: sellerVoice.limitMax })).toBeVisible();
  await expect(dropdown.getByRole("alert").filter({ hasText: sellerVoice.titleLength })).toBeVisible();
  await expect(dropdown.getByRole("alert").filter({ hasText: sellerVoice.labelLength })).toBeVisible();
  await expect(dropdown.getByRole("alert").filter({ hasText: sellerVoice.optionsDistinct("dropdown") })).toBeVisible();
  await expect(upload.getByRole("alert").filter({ hasText: sellerVoice.filesMax })).toBeVisible();
  await expect(
    labeled.getByRole("alert").filter({ hasText: sellerVoice.optionsCount(10, "labeled_upload") }),
  ).toBeVisible();
  await expect(questionGroup(page, 5).getByRole("alert").filter({ hasText: sellerVoice.limitMin })).toBeVisible();
  await expect(text.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  expect(await writesSince(before)).toEqual([]);
  expect(await storedSet(listingId)).toEqual([
    expect.objectContaining({
      question_type: "text_input",
      question_text: "Personalization",
      instructions: "Name to engrave",
    }),
  ]);

  // Removing questions frees a place for a new one; removing the last choice is refused too.
  await questionGroup(page, 5).getByRole("button", { name: "Remove question 5" }).click();
  await expect(page.getByRole("button", { name: "Add a question" })).toBeEnabled();
  await dropdown.getByRole("button", { name: "Remove choice 3" }).click();
  await dropdown.getByRole("button", { name: "Remove choice 2" }).click();
  await dropdown.getByRole("button", { name: "Remove choice 1" }).click();
  await save.click();
  await expect(dropdown.getByRole("alert").filter({ hasText: sellerVoice.optionsCount(30, "dropdown") })).toBeVisible();
  expect(await writesSince(before)).toEqual([]);
});

test("a choice over its limit is named as it is typed, with a counter; Save on a listing with no question says there is nothing to save", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const [listingId] = seller.listing_ids as [number];
  const save = await openQuestionSet(page, seller, listingId);
  await expect(save).toHaveAttribute("aria-disabled", "true");
  await expect(page.getByText("Nothing to save: add a question first.")).toBeVisible();
  const before = await lastRequestId();
  await page.keyboard.press("ControlOrMeta+s");
  await save.click({ force: true });
  await expect(page.getByRole("alert").filter({ hasText: /Ask|Not saved/ })).toHaveCount(0);

  await addQuestion(page, "dropdown");
  const dropdown = questionGroup(page, 1, "Dropdown");
  await expect(save).not.toHaveAttribute("aria-disabled");
  const choice = dropdown.getByLabel("Choice 1", { exact: true });
  await choice.fill("Twenty-one characters");
  await expect(dropdown.getByText("21 / 20")).toBeVisible();
  await expect(dropdown.getByRole("alert").filter({ hasText: sellerVoice.labelLength })).toBeVisible();
  await expect(choice).toHaveAttribute("aria-invalid", "true");
  await choice.fill("Serif");
  await expect(dropdown.getByText("5 / 20")).toBeVisible();
  await expect(choice).not.toHaveAttribute("aria-invalid");
  expect(await writesSince(before)).toEqual([]);
});

test("leaving with unsaved questions asks first, Ctrl+S saves them, and saved questions leave without asking", async ({
  page,
}) => {
  const { listingId } = await openEngravingSet(page);
  await addQuestion(page, "unlabeled_upload");
  await questionGroup(page, 2, "File upload").getByLabel("Title").fill("Photo");

  const leave = page.getByRole("dialog", { name: "Leave without saving?" });
  await page.getByRole("link", { name: "← Back to listings" }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay and keep editing" }).click();
  await expect(page).toHaveURL(editorPath(listingId));
  await expect(questionGroup(page, 2, "File upload").getByLabel("Title")).toHaveValue("Photo");

  await page.keyboard.press("Control+s");
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeInViewport();
  expect((await storedSet(listingId)).map((question) => question.question_text)).toEqual(["Personalization", "Photo"]);
  await page.getByRole("link", { name: "← Back to listings" }).click();
  await expect(page).toHaveURL(/\/listings(\?|$)/);
  await expect(leave).toHaveCount(0);
});

test("a set of 2 questions saved as a template on one listing is applied on another, and the sandbox stores exactly that set", async ({
  page,
}) => {
  const seller = await newSeller(2);
  const [first, second] = seller.listing_ids as [number, number];
  const set = [
    NAME_QUESTION,
    {
      question_type: "dropdown",
      question_text: "Font",
      required: false,
      options: [{ label: "Serif" }, { label: "Script" }],
    },
  ];
  await putQuestions(seller, first, set);
  const save = await openQuestionSet(page, seller, first);
  const dialog = await saveAsTemplate(page, "Engraving set");
  await expect(dialog.getByTestId("template")).toContainText("Engraving set");
  await dialog.getByRole("button", { name: "Close" }).click();

  await page.goto(editorPath(second));
  await hydrated(save);
  await expect(questionGroup(page, 1)).toHaveCount(0);
  await page.getByRole("button", { name: "Templates" }).click();
  await dialog.getByRole("button", { name: "Use template “Engraving set”" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(
    page.getByRole("status").filter({ hasText: "Template “Engraving set” is in the form." }),
  ).toBeInViewport();
  await expect(questionGroup(page, 2, "Dropdown").getByLabel("Title")).toHaveValue("Font");
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toHaveText(
    "Saved. Buyers are now asked these 2 questions.",
  );
  expect(await storedSet(second)).toEqual([
    expect.objectContaining(NAME_QUESTION),
    expect.objectContaining({
      question_type: "dropdown",
      question_text: "Font",
      required: false,
      options: [{ label: "Serif" }, { label: "Script" }],
    }),
  ]);
});

test("an earlier question set comes back whole from the history", async ({ page }) => {
  const seller = await newSeller(1);
  const [listingId] = seller.listing_ids as [number];
  const earlier = [NAME_QUESTION, SIDES_QUESTION];
  await putQuestions(seller, listingId, earlier);
  const save = await openQuestionSet(page, seller, listingId);
  await page.getByRole("button", { name: "Remove question 2" }).click();
  await questionGroup(page, 1).getByLabel("Title").fill("Initials");
  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  expect((await storedSet(listingId)).map((question) => question.question_text)).toEqual(["Initials"]);

  const history = page.getByRole("region", { name: "History" });
  const entries = history.getByTestId("history-entry");
  await expect(entries.first().getByTestId("question-change")).toHaveText([
    "Removed: “Photos” (Labelled file upload)Instructions: NoneRequired: NoChoices: Front, BackFiles: up to 2",
    "“Initials” (Text)Title: “Name” → “Initials”",
  ]);
  await entries.nth(1).getByRole("button", { name: "Put back: 2 questions: “Name”, “Photos”" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Put back." })).toBeInViewport();
  expect(await storedSet(listingId)).toEqual([
    expect.objectContaining(NAME_QUESTION),
    expect.objectContaining({
      question_type: "labeled_upload",
      question_text: "Photos",
      options: [{ label: "Front" }, { label: "Back" }],
      max_allowed_files: 2,
    }),
  ]);
  await expect(questionGroup(page, 2, "Labelled file upload").getByLabel("File label 2", { exact: true })).toHaveValue(
    "Back",
  );
});

test("when the marketplace leaves the multi-question period under the seller, the save explains it, keeps the draft and loses nothing", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const [listingId] = seller.listing_ids as [number];
  await putQuestions(seller, listingId, [
    { question_type: "text_input", question_text: "Name", required: true, max_allowed_characters: 20 },
    {
      question_type: "dropdown",
      question_text: "Font",
      required: true,
      options: [{ label: "Serif" }, { label: "Script" }],
    },
  ]);
  const save = await openQuestionSet(page, seller, listingId);
  await questionGroup(page, 2, "Dropdown").getByLabel("Title").fill("Typeface");

  await setPhase("migration");
  await save.click();
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was changed" })).toContainText(
    "no longer accepts several questions",
  );
  await expect(questionGroup(page, 2, "Dropdown").getByLabel("Title")).toHaveValue("Typeface");
  expect((await storedSet(listingId)).map((question) => question.question_text)).toEqual(["Name", "Font"]);

  // In the migration period the listing is shown read-only by the single-question editor, and still nothing is lost.
  await page.reload();
  await expect(page.getByRole("status", { name: "Why this listing is read-only" })).toContainText(
    "This listing asks buyers 2 questions.",
  );
  expect((await storedSet(listingId)).map((question) => question.question_text)).toEqual(["Name", "Font"]);
});

test("a 409 from the marketplace explains that nothing was changed and keeps the seller's draft", async ({ page }) => {
  const { seller, listingId, save } = await openEngravingSet(page);
  await addQuestion(page, "unlabeled_upload");
  await questionGroup(page, 2, "File upload").getByLabel("Title").fill("Photo");

  await faultQuestionWrites(seller, listingId, { status: 409, times: 1 });
  await save.click();
  await expect(page.getByRole("alert").filter({ hasText: "Nothing was changed" })).toHaveText(
    "Nothing was changed: the marketplace refused to replace this listing's questions, as if it had left its multi-question period for a moment. Your questions are still here. Reload the page to see what buyers are asked now, then save again.",
  );
  await expect(questionGroup(page, 2, "File upload").getByLabel("Title")).toHaveValue("Photo");
  expect((await storedSet(listingId)).map((question) => question.question_text)).toEqual(["Personalization"]);

  await save.click();
  await expect(page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
  expect((await storedSet(listingId)).map((question) => question.question_text)).toEqual(["Personalization", "Photo"]);
});

test("the multi-question editor has no axe violations at 1280 and 390 px, light and dark, also with errors showing", async ({
  page,
}) => {
  // Eight axe runs over a long form: on a loaded 2-core machine that alone can take most of a minute.
  test.setTimeout(180_000);
  const { save } = await openEngravingSet(page);
  await addQuestion(page, "dropdown");
  await addQuestion(page, "labeled_upload");
  await addQuestion(page, "unlabeled_upload");
  const check = async () => {
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: 900 });
      for (const colorScheme of ["light", "dark"] as const) {
        await page.emulateMedia({ colorScheme });
        const results = await new AxeBuilder({ page }).analyze();
        expect(
          results.violations.map(
            (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`,
          ),
          `${width} px, ${colorScheme}`,
        ).toEqual([]);
      }
    }
  };
  await check();
  await questionGroup(page, 2).getByLabel("Title").fill("");
  await save.click();
  await expect(questionGroup(page, 2).getByRole("alert").filter({ hasText: sellerVoice.titleLength })).toBeVisible();
  await check();
});

test("a question set is applied to 20 listings through one change, and the whole change is undone", async ({
  page,
}) => {
  const seller = await newSeller(20);
  const [withText, withSet] = seller.listing_ids as [number, number];
  await putQuestion(seller, withText, { instructions: "Gift note", required: false, max_allowed_characters: 200 });
  await putQuestions(seller, withSet, [
    { question_type: "unlabeled_upload", question_text: "Photo", required: true, max_allowed_files: 3 },
    { question_type: "text_input", question_text: "Name", required: false, max_allowed_characters: 10 },
  ]);
  const before = await Promise.all(seller.listing_ids.map(storedSet));

  await signIn(page, seller);
  const row = page.getByRole("row").filter({ hasText: "Test listing 2" });
  await expect(row.getByRole("cell").nth(1)).toContainText("Yes, 2 questions");
  await expect(row.getByRole("cell").nth(1)).not.toContainText("Read-only");
  const pageBox = page.getByRole("checkbox", { name: "Select all listings on this page" });
  await hydrated(pageBox);
  await pageBox.check();
  const dialog = await openChange(page, 20, QUESTION_SET);
  await dialog
    .getByRole("group", { name: /^Question 1: Text/ })
    .getByLabel("Instructions")
    .fill("Name to engrave");
  await dialog.getByLabel("Type of the new question").selectOption("dropdown");
  await dialog.getByRole("button", { name: "Add a question" }).click();
  const font = dialog.getByRole("group", { name: /^Question 2: Dropdown/ });
  await font.getByLabel("Title").fill("Font");
  await font.getByLabel("Choice 1", { exact: true }).fill("Serif");
  await font.getByRole("button", { name: "Add a choice" }).click();
  await font.getByLabel("Choice 2", { exact: true }).fill("Serif");
  await dialog.getByRole("button", { name: "Review the change" }).click();
  await expect(font.getByRole("alert").filter({ hasText: sellerVoice.optionsDistinct("dropdown") })).toBeVisible();
  await font.getByLabel("Choice 2", { exact: true }).fill("Script");
  await dialog.getByRole("button", { name: "Review the change" }).click();

  await expect(page.getByTestId("plan-summary")).toHaveText(
    "20 listings change, 0 listings skipped, 0 already as asked.",
  );
  await expect(
    page.getByRole("article", { name: "Test listing 2", exact: true }).getByTestId("question-change").first(),
  ).toBeVisible();
  await applyChange(page, 20);
  const applied = await Promise.all(seller.listing_ids.map(storedSet));
  for (const questions of applied) {
    expect(questions).toEqual([
      expect.objectContaining({
        question_type: "text_input",
        question_text: "Personalization",
        instructions: "Name to engrave",
        max_allowed_characters: 100,
      }),
      expect.objectContaining({
        question_type: "dropdown",
        question_text: "Font",
        options: [{ label: "Serif" }, { label: "Script" }],
      }),
    ]);
  }

  await undoChange(page, "Replace every question with 2 new ones", 20);
  const fields = [
    "question_type",
    "question_text",
    "instructions",
    "required",
    "max_allowed_characters",
    "max_allowed_files",
    "options",
  ] as const;
  const withoutIds = (questions: StoredSetQuestion[]) =>
    questions.map((question) => Object.fromEntries(fields.map((field) => [field, question[field]])));
  expect((await Promise.all(seller.listing_ids.map(storedSet))).map(withoutIds)).toEqual(before.map(withoutIds));
});
