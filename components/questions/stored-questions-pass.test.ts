import { describe, expect, it } from "vitest";
import type { Question } from "@/lib/marketplace/wire";
import { storedQuestionsPass } from "./stored-questions-pass";

const text = (instructions: string): Question => ({
  id: 1,
  type: "text_input",
  title: "Name",
  instructions,
  required: true,
  maxAllowedCharacters: 20,
});

describe("storedQuestionsPass", () => {
  it("passes stored questions within today's rules", () => {
    expect(storedQuestionsPass([text("Name to engrave")])).toBe(true);
  });

  it("fails instructions stored before the 120-character rule, and a character that reorders what buyers read", () => {
    expect(storedQuestionsPass([text("Name to engrave"), text("a".repeat(121))])).toBe(false);
    expect(storedQuestionsPass([text("Name \u202eto engrave")])).toBe(false);
  });
});
