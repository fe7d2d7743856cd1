import { describe, expect, it } from "vitest";
import { newQuestionDraft, questionSetWriteSchema, type QuestionForm } from "./question-set";
import { personalizationWriteSchema } from "./schema";
import { parseSnapshot, snapshotOfForm, snapshotOfQuestionSet, writeOf } from "./snapshot-codec";
import { describeSnapshot, sameSnapshot } from "./snapshot";

const SET: QuestionForm[] = [
  { type: "text_input", title: "Name", instructions: "Name to engrave", required: true, maxAllowedCharacters: 20 },
  {
    type: "dropdown",
    title: "Font",
    instructions: "",
    required: false,
    options: [{ label: "Serif" }, { label: "Script" }],
  },
  { type: "unlabeled_upload", title: "Photo", instructions: "", required: false, maxAllowedFiles: 3 },
  {
    type: "labeled_upload",
    title: "Sides",
    instructions: "",
    required: false,
    options: [{ label: "Front" }, { label: "Back" }],
  },
];

describe("snapshots of whole question sets", () => {
  it("keep every type's fields through the database's JSON, and compare by them", () => {
    const snapshot = snapshotOfQuestionSet(SET);
    const stored = parseSnapshot(JSON.stringify(snapshot));
    expect(stored).toEqual(snapshot);
    expect(stored.questions[3]).toMatchObject({
      type: "labeled_upload",
      maxAllowedFiles: 2,
      options: ["Front", "Back"],
    });
    const otherOrder = snapshotOfQuestionSet([
      SET[0]!,
      { ...SET[1]!, options: [{ label: "Script" }, { label: "Serif" }] } as QuestionForm,
      SET[2]!,
      SET[3]!,
    ]);
    expect(sameSnapshot(snapshot, stored)).toBe(true);
    expect(sameSnapshot(snapshot, otherOrder)).toBe(false);
  });

  it("are written in the multi-question period as the whole set, with the flag, in a body the sandbox's rules accept", () => {
    // A listing may ask for files in one question only (docs/marketplace.md §13.3), so the set written here has one upload.
    const write = writeOf(snapshotOfQuestionSet([SET[0]!, SET[1]!, SET[3]!]), "multi");
    expect(write?.multipleQuestions).toBe(true);
    const parsed = questionSetWriteSchema.safeParse(write?.body);
    expect(parsed.success).toBe(true);
    expect(parsed.data?.personalization_questions.map((question) => question.question_type)).toEqual([
      "text_input",
      "dropdown",
      "labeled_upload",
    ]);
    expect(parsed.data?.personalization_questions[2]).toMatchObject({
      max_allowed_files: 2,
      options: [{ label: "Front" }, { label: "Back" }],
    });
  });

  it("are written before that period as one question without the flag, and no question means delete", () => {
    const single = writeOf(
      snapshotOfForm({ instructions: "Gift note", maxAllowedCharacters: 100, required: false }),
      "single",
    );
    expect(single?.multipleQuestions).toBe(false);
    expect(personalizationWriteSchema.safeParse(single?.body).success).toBe(true);
    expect(writeOf({ questions: [] }, "multi")).toBeNull();
  });

  it("describe a set by its titles for the history and the bulk confirmation", () => {
    expect(describeSnapshot(snapshotOfQuestionSet(SET.slice(0, 2)))).toBe("2 questions: “Name”, “Font”");
    expect(
      describeSnapshot(
        snapshotOfQuestionSet([
          { ...newQuestionDraft("dropdown"), title: "Font", options: [{ label: "Serif" }] } as QuestionForm,
        ]),
      ),
    ).toBe("1 question: “Font”, optional");
  });
});
