import { answerLength } from "../personalization/answer-rules";
import { hiddenCharacters } from "../personalization/hidden-characters";
import type { Question } from "../marketplace/wire";
import { isUpload } from "../personalization/question-types";
import type { Finding } from "../production/checks";

// What a seller should look at before making an item: checked against the question as it stands today, since that is
// what the seller makes to (docs/marketplace.md §16).

/** A production finding is the answer checked against what the seller makes with (lib/production/checks.ts). */
export type AnswerFlag = {
  kind: "required-missing" | "too-long" | "prints-badly" | "no-file" | Finding["kind"];
  message: string;
};

const PICTOGRAPHS = /[\p{Extended_Pictographic}\p{Regional_Indicator}\u{1F3FB}-\u{1F3FF}]/gu;
// Joiners and zero-width spaces print as nothing, or join the characters around them into one.
const ZERO_WIDTH = /[\u200b-\u200d\u2060\ufeff\ufe0e\ufe0f]/g;

const codePoint = (char: string) => `U+${(char.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}`;

/** Emoji, and invisible or direction-changing characters: an engraver or printer shows them wrongly or not at all. */
export function printsBadly(text: string): string[] {
  const emoji = [...new Set(text.match(PICTOGRAPHS) ?? [])].map((char) => `the emoji ${char}`);
  const zeroWidth = [...new Set(text.match(ZERO_WIDTH) ?? [])].map((char) => `${codePoint(char)} (invisible)`);
  return [...emoji, ...hiddenCharacters(text), ...zeroWidth];
}

export function answerFlags(
  asked: Pick<Question, "type" | "required">,
  today: Pick<Question, "type" | "maxAllowedCharacters"> | undefined,
  value: string | undefined,
): AnswerFlag[] {
  const given = value !== undefined && value.trim() !== "";
  if (!given) {
    if (isUpload(asked.type)) return [{ kind: "no-file", message: "No file uploaded." }];
    return asked.required ? [{ kind: "required-missing", message: "Required, but not answered." }] : [];
  }
  const flags: AnswerFlag[] = [];
  const limit = today?.type === "text_input" ? today.maxAllowedCharacters : null;
  if (limit !== null && answerLength(value) > limit)
    flags.push({ kind: "too-long", message: `${answerLength(value)} characters, over today's limit of ${limit}.` });
  return [...flags, ...printFlags(value)];
}

/** What any text to be made from (an answer, the correction a seller notes) is checked for before it is printed. */
export function printFlags(text: string): AnswerFlag[] {
  const bad = printsBadly(text);
  return bad.length > 0 ? [{ kind: "prints-badly", message: `May not print as shown: ${bad.join(", ")}.` }] : [];
}
