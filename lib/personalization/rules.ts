// docs/marketplace.md §2.1, §4.1 and §8 (migration period), as the editor lists them while the seller types; schema.ts builds on them.
export const INSTRUCTIONS_MAX = 256;
export const CHAR_LIMIT_MIN = 1;
export const CHAR_LIMIT_MAX = 1024;
export const QUESTION_TYPE = "text_input";
export const QUESTION_TEXT = "Personalization";

export const characterCount = (text: string) => [...text].length;

const LETTER_RUN = /\p{L}+/gu;

/** docs/marketplace.md §2.1: a word is a run of 3 or more letters; shorter runs are not words and do not break a run of words. */
export function longestCapsRun(text: string): number {
  let run = 0;
  let longest = 0;
  for (const [word] of text.matchAll(LETTER_RUN)) {
    if (characterCount(word) < 3) continue;
    const allCaps = word === word.toUpperCase() && word !== word.toLowerCase();
    run = allCaps ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return longest;
}

// A dropdown takes no instructions: its choices say what buyers pick. The health check flags the others, and adding
// one asks first, as the editor's save does.
export const requiredWithoutInstructions = (question: { required: boolean; type: string; instructions: string }) =>
  question.required && question.type !== "dropdown" && question.instructions.trim() === "";

export const instructionRules = {
  length: `Use at most ${INSTRUCTIONS_MAX} characters.`,
  start: "Start with a letter or a digit.",
  caps: "Do not write 3 or more words in a row in capitals (a word is 3 or more letters).",
} as const;

export type InstructionRule = keyof typeof instructionRules;

export function brokenInstructionRules(text: string, max = INSTRUCTIONS_MAX): InstructionRule[] {
  if (text === "") return [];
  const broken: InstructionRule[] = [];
  if (characterCount(text) > max) broken.push("length");
  if (!/^[\p{L}\p{N}]/u.test(text)) broken.push("start");
  if (longestCapsRun(text) >= 3) broken.push("caps");
  return broken;
}
