import { describe, expect, it } from "vitest";
import { EVERY_TYPE as SET } from "../../test/harness/question-set-forms";
import { questionSetWriteSchema } from "../personalization/question-set";
import { personalizationWriteSchema } from "../personalization/schema";
import { snapshotOfForm, snapshotOfQuestionSet } from "../personalization/snapshot-codec";
import { personalizationBody } from "./question-set-body";

describe("whole question sets", () => {
  it("are written in the multi-question period as the whole set, with the flag, in a body the sandbox's rules accept", () => {
    // A listing may ask for files in one question only (docs/marketplace.md §13.3), so the set written here has one upload.
    const write = personalizationBody(snapshotOfQuestionSet([SET[0]!, SET[1]!, SET[3]!]), "multi");
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
    const single = personalizationBody(
      snapshotOfForm({ instructions: "Gift note", maxAllowedCharacters: 100, required: false }),
      "single",
    );
    expect(single?.multipleQuestions).toBe(false);
    expect(personalizationWriteSchema.safeParse(single?.body).success).toBe(true);
    expect(personalizationBody({ questions: [] }, "multi")).toBeNull();
  });
});
