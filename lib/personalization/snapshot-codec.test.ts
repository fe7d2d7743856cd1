import { describe, expect, it } from "vitest";
import { EVERY_TYPE as SET } from "../../test/harness/question-set-forms";
import { newQuestionDraft } from "./question-draft";
import type { QuestionForm } from "./question-set";
import { snapshotOfQuestionSet } from "./snapshot-codec";
import { parseSnapshot } from "./snapshot-schema";
import { describeSnapshot, sameSnapshot } from "./snapshot";

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
