import { expect, test, type Page, type Request } from "@playwright/test";
import { editor, editorPath, openEditor } from "./editor";
import { lastRequestId, newSeller, putQuestion, requestsSince, storedListing } from "./sandbox-control";

const RULES = {
  length: "Use at most 256 characters.",
  start: "Start with a letter or a digit.",
  caps: "Do not write 3 or more words in a row in capitals (a word is 3 or more letters).",
  atLeast: "Character limit must be at least 1.",
  atMost: "Character limit must be at most 1024.",
  whole: "Character limit must be a whole number from 1 to 1024.",
  boolean: "Required must be true or false.",
};
const FIELDS_NEED_ATTENTION = "Some fields need attention: see the message next to each one.";

/** Server-action calls leave the browser as a POST carrying the `next-action` header. */
const isActionCall = (request: Request) =>
  request.method() === "POST" && request.headers()["next-action"] !== undefined;

/** Lets the browser's validation pass, then changes the action's arguments on the wire, as a hand-made request would. */
async function rewriteActionArguments(page: Page, change: (input: Record<string, unknown>) => void) {
  await page.route(
    (url) => url.pathname.startsWith("/listings/"),
    async (route) => {
      const request = route.request();
      if (!isActionCall(request)) return route.fallback();
      const args = JSON.parse(request.postData() ?? "[]") as Record<string, unknown>[];
      change(args[0]!);
      await route.fallback({ postData: JSON.stringify(args) });
    },
  );
}

const personalizationWrites = async (since: number) =>
  (await requestsSince(since))
    .filter((entry) => entry.method !== "GET")
    .map((entry) => `${entry.method} ${entry.path} ${entry.status}`);

test("every rule is refused in the browser with its own message next to its field, and nothing is sent", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  const form = editor(page);
  const actionCalls: string[] = [];
  page.on("request", (request) => void (isActionCall(request) && actionCalls.push(request.url())));
  const before = await lastRequestId();

  const fields = {
    instructions: {
      field: form.instructions,
      error: form.instructionsError,
      errorId: "instructions-error",
      valid: "Name to engrave",
    },
    limit: { field: form.limit, error: form.limitError, errorId: "limit-error", valid: "12" },
  };
  const cases = [
    ["rejects 257 characters", "instructions", `A${"b".repeat(256)}`, RULES.length],
    ["rejects a leading space", "instructions", " Name to engrave", RULES.start],
    ["rejects leading punctuation", "instructions", "- Name to engrave", RULES.start],
    ["rejects three consecutive all-caps words", "instructions", "Please WRITE YOUR NAME here", RULES.caps],
    ["rejects a limit of 0", "limit", "0", RULES.atLeast],
    ["rejects a limit of 1025", "limit", "1025", RULES.atMost],
    ["rejects a limit of 1.5", "limit", "1.5", RULES.whole],
    ["rejects an empty limit", "limit", "", RULES.whole],
  ] as const;
  for (const [rule, name, value, message] of cases) {
    await test.step(rule, async () => {
      const { field, error, errorId, valid } = fields[name];
      await field.fill(value);
      await expect(error).toHaveText(message);
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAttribute("aria-describedby", new RegExp(`\\b${errorId}\\b`));
      await form.save.click();
      await expect(error).toHaveText(message);
      await expect(field).toBeFocused();
      await field.fill(valid);
      await expect(error).toBeEmpty();
      await expect(field).not.toHaveAttribute("aria-invalid");
    });
  }
  await test.step("shows the character count turn red past 256", async () => {
    await form.instructions.fill(`A${"b".repeat(256)}`);
    await expect(page.getByText("257 / 256 characters")).toBeVisible();
    await expect(page.getByRole("listitem").filter({ hasText: RULES.length })).toContainText("(not met)");
    await form.instructions.fill("Name to engrave");
  });

  expect(actionCalls).toEqual([]);
  expect(await personalizationWrites(before)).toEqual([]);
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([]);
});

const bypassCases: [
  string,
  (question: Record<string, unknown>) => void,
  "instructions" | "limit" | "required",
  string,
][] = [
  [
    "rejects 257 characters",
    (question) => (question.instructions = `A${"b".repeat(256)}`),
    "instructions",
    RULES.length,
  ],
  ["rejects a leading space", (question) => (question.instructions = " Name"), "instructions", RULES.start],
  ["rejects leading punctuation", (question) => (question.instructions = "!Name"), "instructions", RULES.start],
  [
    "rejects three consecutive all-caps words",
    (question) => (question.instructions = "WRITE YOUR NAME"),
    "instructions",
    RULES.caps,
  ],
  ["rejects a limit of 0", (question) => (question.maxAllowedCharacters = 0), "limit", RULES.atLeast],
  ["rejects a limit of 1025", (question) => (question.maxAllowedCharacters = 1025), "limit", RULES.atMost],
  ["rejects a limit of 1.5", (question) => (question.maxAllowedCharacters = 1.5), "limit", RULES.whole],
  ["rejects an empty limit", (question) => (question.maxAllowedCharacters = null), "limit", RULES.whole],
  ["rejects a limit sent as text", (question) => (question.maxAllowedCharacters = "12"), "limit", RULES.whole],
  ["rejects required that is not a boolean", (question) => (question.required = "yes"), "required", RULES.boolean],
];

for (const [rule, change, field, message] of bypassCases) {
  test(`the save action ${rule} when the browser's checks are bypassed`, async ({ page }) => {
    const seller = await newSeller(1);
    const listingId = await openEditor(page, seller);
    const form = editor(page);
    await rewriteActionArguments(page, (input) => change(input.question as Record<string, unknown>));
    const before = await lastRequestId();

    await form.instructions.fill("Name to engrave");
    await form.limit.fill("12");
    const answered = page.waitForResponse((response) => isActionCall(response.request()));
    await form.save.click();
    expect((await answered).status()).toBe(200);

    const fieldError = { instructions: form.instructionsError, limit: form.limitError, required: form.requiredError }[
      field
    ];
    await expect(fieldError).toHaveText(message);
    await expect(page.getByRole("alert").filter({ hasText: FIELDS_NEED_ATTENTION })).toBeVisible();
    await expect(form.instructions).toHaveValue("Name to engrave");
    await expect(form.limit).toHaveValue("12");
    expect(await personalizationWrites(before)).toEqual([]);
    expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([]);
  });
}

test("the actions refuse another seller's listing and leave it as it was", async ({ page }) => {
  const owner = await newSeller(1);
  const theirs = owner.listing_ids[0]!;
  await putQuestion(owner, theirs, { instructions: "Owner's question", required: true, max_allowed_characters: 30 });
  const before = await storedListing(theirs);

  const seller = await newSeller(1);
  const mine = seller.listing_ids[0]!;
  await putQuestion(seller, mine, { instructions: "My question", required: false, max_allowed_characters: 10 });
  await openEditor(page, seller);
  const form = editor(page);
  await rewriteActionArguments(page, (input) => (input.listingId = theirs));

  await form.instructions.fill("Overwritten by someone else");
  await form.save.click();
  const refusal = page.getByRole("alert").filter({ hasText: "The marketplace refused" });
  await expect(refusal).toContainText(`Listing ${theirs} does not belong to shop ${seller.shop_id}.`);
  await expect(refusal).toContainText("Check that you are signed in to the shop that owns this listing.");
  await expect(form.instructions).toHaveValue("Overwritten by someone else");

  await page.getByRole("button", { name: "Remove personalization" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Remove", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "The marketplace refused" })).toContainText(
    `Listing ${theirs} does not belong to shop ${seller.shop_id}.`,
  );

  expect(await storedListing(theirs)).toEqual(before);
  expect((await storedListing(mine)).personalization.personalization_questions).toMatchObject([
    { instructions: "My question", max_allowed_characters: 10 },
  ]);

  await page.unrouteAll();
  await page.goto(editorPath(theirs));
  await expect(page.getByRole("heading", { name: "Listing unavailable" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Instructions for buyers" })).toHaveCount(0);
});

test("the save action checks the session itself: without one it stores nothing and sends the seller to sign in", async ({
  page,
}) => {
  const seller = await newSeller(1);
  const listingId = await openEditor(page, seller);
  const form = editor(page);
  await form.instructions.fill("Name to engrave");
  await page.context().clearCookies();
  const before = await lastRequestId();

  await form.save.click();
  await expect(page).toHaveURL(/\/sign-in\?callbackUrl=%2Flistings%2F\d+&reason=session-ended/);
  expect(await personalizationWrites(before)).toEqual([]);
  expect((await storedListing(listingId)).personalization.personalization_questions).toEqual([]);
});
