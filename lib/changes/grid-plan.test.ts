import { describe, expect, it } from "vitest";
import { storedQuestion } from "../../test/harness/wire-questions";
import type { ListingQuestions } from "../marketplace/question-wire";
import { gridVersionsOf, importGridEdits, movedEdits, type GridEdit } from "./grid-plan";
import { gridRowsOf } from "./grid-rows";

const shop: ListingQuestions[] = [
  {
    listingId: 11,
    title: "Mug",
    state: "active",
    currencyCode: "USD",
    lastModified: 3,
    questions: [
      storedQuestion({
        question_id: 1,
        question_type: "text_input",
        question_text: "Name",
        instructions: "x".repeat(150),
        max_allowed_characters: 30,
        add_on_price: { amount: 250, divisor: 100, currency_code: "USD" },
      }),
      storedQuestion({
        question_id: 2,
        question_type: "unlabeled_upload",
        question_text: "Photo",
        max_allowed_files: 1,
      }),
    ],
  },
  {
    listingId: 12,
    title: "Card",
    state: "active",
    currencyCode: "USD",
    lastModified: 4,
    questions: [
      storedQuestion({
        question_id: 3,
        question_type: "dropdown",
        question_text: "Colour",
        options: [
          { option_id: 31, label: "Red" },
          { option_id: 32, label: "Blue" },
        ],
      }),
    ],
  },
];

const edits = (change: (row: GridEdit) => GridEdit): GridEdit[] =>
  gridRowsOf(shop).map(({ listingId, index, questionId, instructions, limit, required, price, choices }) =>
    change({ listingId, index, questionId, instructions, limit, required, price, choices }),
  );

describe("grid edits planned as the spreadsheet import plans them", () => {
  it("changes only the edited cells and keeps ids, choices' ids, add-on prices and the questions the grid does not show", async () => {
    const imported = await importGridEdits(
      shop,
      edits((edit) =>
        edit.listingId === 11 ? { ...edit, instructions: "Name to engrave" } : { ...edit, choices: "Red\nGreen" },
      ),
    );
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    const [text, upload] = imported.targets.get(11)!;
    expect(text).toMatchObject({ id: 1, instructions: "Name to engrave", maxAllowedCharacters: 30 });
    expect(text!.addOnPrice).toEqual({ amount: 250, divisor: 100, currencyCode: "USD" });
    expect(upload).toEqual(shop[0]!.questions[1]);
    expect(imported.targets.get(12)![0]).toMatchObject({ options: ["Red", "Green"], optionIds: [31, null] });
  });

  it("refuses an edit that breaks a rule, naming its cell", async () => {
    const imported = await importGridEdits(
      shop,
      edits((edit) => ({ ...edit, limit: edit.listingId === 11 ? "5000" : "" })),
    );
    expect(imported).toMatchObject({ ok: false, errors: [{ column: "instructions" }, { column: "limit" }] });
  });

  it("sees an edit whose question moved since the grid opened", async () => {
    const moved = edits((edit) => ({ ...edit, questionId: edit.listingId === 12 ? 99 : edit.questionId }));
    expect(movedEdits(shop, moved).map((edit) => edit.listingId)).toEqual([12]);
  });

  it("plans only the cells edited in the grid: a change made since it opened is kept, or left whole on a conflict", async () => {
    const opened = gridVersionsOf(shop);
    const mug = shop[0]!;
    const [text, upload] = mug.questions;
    // Since the grid opened, another path raised the mug's character limit and dropped its add-on price.
    const now: ListingQuestions[] = [
      { ...mug, questions: [{ ...text!, maxAllowedCharacters: 45, addOnPrice: null }, upload!] },
      shop[1]!,
    ];
    const mugEdits = edits((edit) => edit).filter((edit) => edit.listingId === 11);
    const imported = await importGridEdits(
      now,
      mugEdits.map((edit) => ({ ...edit, instructions: "Name to engrave" })),
      opened,
    );
    expect(imported.ok).toBe(true);
    if (!imported.ok) return;
    expect(imported.targets.get(11)![0]).toMatchObject({
      instructions: "Name to engrave",
      maxAllowedCharacters: 45,
      addOnPrice: null,
    });
    expect(imported.kept.get(11)).toBeDefined();

    // The seller edited the limit too: both sides moved one cell, so the listing is left as the shop has it.
    const conflict = await importGridEdits(
      now,
      mugEdits.map((edit) => ({ ...edit, limit: "20" })),
      opened,
    );
    expect(conflict.ok && conflict.changedSince.get(11)).toMatchObject({ cause: "conflict" });
    expect(conflict.ok && conflict.targets.has(11)).toBe(false);

    // Without the versions (a page from the release before), the grid's cells are judged against the shop now.
    const unversioned = await importGridEdits(
      now,
      mugEdits.map((edit) => ({ ...edit, instructions: "Name to engrave" })),
    );
    expect(unversioned.ok && unversioned.targets.get(11)![0]).toMatchObject({ maxAllowedCharacters: 30 });
  });
});
