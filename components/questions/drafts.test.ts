import { describe, expect, it } from "vitest";
import { snapshotOfForm } from "@/lib/personalization/snapshot-codec";
import type { QuestionTemplate } from "@/lib/templates/template";
import { templateValues } from "./drafts";

const template = (questionSet: QuestionTemplate["questionSet"]): QuestionTemplate => ({
  id: "t",
  name: "Engraving",
  questionSet,
  updatedAt: 0,
});

describe("templateValues", () => {
  it("puts a one-text-question template in the set form as a set of one", () => {
    const values = templateValues(
      template(snapshotOfForm({ instructions: "Name to engrave", maxAllowedCharacters: 20, required: true })),
    );
    expect(values?.questions).toEqual([
      expect.objectContaining({
        type: "text_input",
        title: "Personalization",
        instructions: "Name to engrave",
        maxAllowedCharacters: 20,
        required: true,
      }),
    ]);
  });

  it("keeps a set's questions in order, with a dropdown's choices", () => {
    const values = templateValues(
      template({
        questions: [
          { type: "text_input", title: "Name", instructions: "", required: true, maxAllowedCharacters: 20 },
          {
            type: "dropdown",
            title: "Font",
            instructions: "",
            required: false,
            maxAllowedCharacters: null,
            options: ["Serif", "Script"],
          },
        ],
      }),
    );
    expect(values?.questions.map((question) => [question.type, question.title])).toEqual([
      ["text_input", "Name"],
      ["dropdown", "Font"],
    ]);
    expect(values?.questions[1]?.options).toEqual([{ label: "Serif" }, { label: "Script" }]);
  });

  it("refuses a template with a question type this editor does not know", () => {
    expect(
      templateValues(
        template({
          questions: [
            { type: "color_picker", title: "Colour", instructions: "", required: false, maxAllowedCharacters: null },
          ],
        }),
      ),
    ).toBeUndefined();
  });
});
