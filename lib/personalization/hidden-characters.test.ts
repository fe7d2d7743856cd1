import { describe, expect, it } from "vitest";
import { sellerQuestionSchema } from "./editor-schema";
import { hiddenCharacters } from "./hidden-characters";
import { questionSetFormSchema } from "./question-set";
import { sellerQuestionSetSchema } from "./editor-schema";
import { personalizationWriteSchema, questionFormSchema } from "./schema";

const question = (instructions: string) => ({ instructions, maxAllowedCharacters: 20, required: true });

describe("hidden characters in a seller's instructions (a dashboard rule; the marketplace accepts them)", () => {
  const refused: Array<[string, string, string]> = [
    ["NUL", "Name\u0000 here", "U+0000 NULL"],
    ["a tab", "Name\there", "U+0009 TAB"],
    ["the escape control", "Name\u001b[31m", "U+001B (a control character)"],
    ["a C1 control", "Name\u0085 here", "U+0085 (a control character)"],
    ["a right-to-left override", "Name \u202Eevil here", "U+202E RIGHT-TO-LEFT OVERRIDE"],
    ["a bidi isolate", "Name \u2067here", "U+2067 RIGHT-TO-LEFT ISOLATE"],
    ["a right-to-left mark", "Name\u200F here", "U+200F RIGHT-TO-LEFT MARK"],
    ["a lone high surrogate", "Name \ud83d here", "U+D83D (half of an emoji or symbol)"],
    ["a lone low surrogate", "Name \ude00 here", "U+DE00 (half of an emoji or symbol)"],
  ];
  for (const [what, text, name] of refused) {
    it(`refuses ${what}, naming it`, () => {
      expect(hiddenCharacters(text)).toEqual([name]);
      const parsed = sellerQuestionSchema.safeParse(question(text));
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues.map((issue) => issue.message)).toContain(
        `Remove the invisible or direction-changing characters (${name}): buyers would not see them, or they would change the order of what buyers read. Retype the text or paste it as plain text.`,
      );
    });
  }

  it("keeps newlines, emoji (surrogate pairs and joiners), accents and right-to-left scripts", () => {
    for (const text of ["Name\nsecond line", "Name 🎁 for 👨‍👩‍👧", "Prénom à graver", "اسم للنقش", "שם לחריטה"]) {
      expect({ text, found: hiddenCharacters(text) }).toEqual({ text, found: [] });
      expect(sellerQuestionSchema.safeParse(question(text)).success).toBe(true);
    }
  });

  it("lists several kinds once each and shortens a long list", () => {
    expect(hiddenCharacters("A\u0000\u0000\u202E\u0001\u0002\u0003")).toEqual([
      "U+0000 NULL",
      "U+202E RIGHT-TO-LEFT OVERRIDE",
      "U+0001 (a control character)",
      "U+0002 (a control character)",
      "U+0003 (a control character)",
    ]);
    expect(
      sellerQuestionSchema.safeParse(question("A\u0000\u202E\u0001\u0002\u0003")).error?.issues[0]?.message,
    ).toContain("and 2 more");
  });

  it("leaves the shared spec schema as the marketplace has it: the sandbox still accepts them", () => {
    expect(questionFormSchema.safeParse(question("Name \u202Eevil\u0000")).success).toBe(true);
    const write = {
      personalization_questions: [
        {
          question_type: "text_input",
          question_text: "Personalization",
          instructions: "Name\u0000",
          required: true,
          max_allowed_characters: 5,
        },
      ],
    };
    expect(personalizationWriteSchema.safeParse(write).success).toBe(true);
  });

  it("refuses them in any question of a multi-question set, next to that question's instructions, while the sandbox's rules accept the set", () => {
    const set = {
      questions: [
        { type: "text_input", title: "Name", instructions: "Your name", required: true, maxAllowedCharacters: 20 },
        {
          type: "unlabeled_upload",
          title: "Photo",
          instructions: "Pick one\u202E",
          required: false,
          maxAllowedFiles: 2,
        },
      ],
    };
    const refused = sellerQuestionSetSchema.safeParse(set);
    expect(refused.error?.issues.map((issue) => [issue.path, issue.message.slice(0, 50)])).toEqual([
      [["questions", 1, "instructions"], "Remove the invisible or direction-changing charact"],
    ]);
    expect(questionSetFormSchema.safeParse(set).success).toBe(true);
    expect(sellerQuestionSetSchema.safeParse({ questions: [set.questions[0]] }).success).toBe(true);
  });
});
