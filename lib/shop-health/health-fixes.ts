import { z } from "zod";
import { sellerInstructionsSchema } from "../personalization/editor-schema";
import { longestCapsRun } from "../personalization/rules";
import { addOnPriceDropped } from "../personalization/add-on-price";
import type { QuestionChange } from "../personalization/question-diff";
import type { Question } from "../marketplace/wire";
import { FINDINGS, type Finding } from "./health-check";
import { requiredWithoutInstructions } from "../personalization/rules";

export const healthFixSchema = z.union([
  z.object({ finding: z.literal("all-caps"), fix: z.literal("sentence-case") }),
  z.object({ finding: z.literal("required-without-instructions"), fix: z.literal("make-optional") }),
  z.object({
    finding: z.literal("required-without-instructions"),
    fix: z.literal("add-instructions"),
    instructions: z
      .string()
      .trim()
      .min(1, { error: "Type the instructions buyers should read." })
      .pipe(sellerInstructionsSchema),
  }),
  z.object({ finding: z.literal("add-on-price"), fix: z.enum(["make-optional", "drop-price"]) }),
  z.object({
    finding: z.literal("no-question"),
    fix: z.literal("add-question"),
    title: z.string().trim().min(1, { error: "Type the question buyers should answer." }).max(200),
    instructions: z.string().trim().pipe(sellerInstructionsSchema),
    limit: z.int().min(1).max(1024),
  }),
  z.object({ finding: z.literal("no-question"), fix: z.literal("turn-off") }),
]);

export type HealthFix = z.infer<typeof healthFixSchema>;

/** Findings the dashboard cannot fix without the seller's own words for each listing: their listings open in the editor. */
export const FIXED_IN_EDITOR: readonly Finding[] = ["too-long", "refused"];

/** The first fix of each finding that needs no words of the seller's: what "Review all automatic fixes" plans. */
export const AUTOMATIC_FIX: Partial<Record<Finding, HealthFix>> = {
  "all-caps": { finding: "all-caps", fix: "sentence-case" },
  "required-without-instructions": { finding: "required-without-instructions", fix: "make-optional" },
  "add-on-price": { finding: "add-on-price", fix: "make-optional" },
  "no-question": { finding: "no-question", fix: "turn-off" },
};

const HEALTH_PLAN = "Health check: ";

// Each phrase names its finding in words no other finding's fix uses, so a plan's description says what it fixed.
const FINDING_PHRASE: Partial<Record<Finding, string>> = {
  "all-caps": "instructions in capitals",
  "required-without-instructions": "required questions without",
  "add-on-price": "add-on price",
  "no-question": "listings without",
};

export function fixPhrase(fix: HealthFix): string {
  switch (fix.fix) {
    case "sentence-case":
      return "instructions in capitals put in sentence case";
    case "make-optional":
      return fix.finding === "add-on-price"
        ? "questions with an add-on price made optional (a price on a non-text question is dropped)"
        : "required questions without instructions made optional";
    case "add-instructions":
      return `instructions “${fix.instructions}” added to required questions without any`;
    case "drop-price":
      return "add-on prices the next write would drop removed";
    case "add-question":
      return `the text question “${fix.title}” added to personalizable listings without one`;
    case "turn-off":
      return "personalization turned off on listings without a question";
  }
}

/** A health fix plan's description: every fix it holds, in the check's order. */
export const describeFixes = (fixes: readonly HealthFix[]) => HEALTH_PLAN + fixes.map(fixPhrase).join("; ");

/** The findings a plan's description says it fixes, none when it did not come from the health check. */
export function findingsPlannedIn(description: string): Finding[] {
  if (!description.startsWith(HEALTH_PLAN)) return [];
  const phrases = Object.entries(FINDING_PHRASE) as [Finding, string][];
  return phrases.filter(([, phrase]) => description.includes(phrase)).map(([finding]) => finding);
}

const WORD = /\p{L}+/gu;
const isCaps = (word: string) => word.length >= 3 && word === word.toUpperCase() && word !== word.toLowerCase();

// A word is three letters or more, as the all-caps rule counts; a lone acronym is not a run and stays.
export function sentenceCase(text: string): string {
  const words = [...text.matchAll(WORD)].filter(([word]) => word.length >= 3);
  const lower = new Set<number>();
  let run: number[] = [];
  const close = () => {
    if (run.length >= 3) for (const at of run) lower.add(at);
    run = [];
  };
  for (const match of words) {
    if (isCaps(match[0])) run.push(match.index);
    else close();
  }
  close();
  let out = "";
  let last = 0;
  for (const match of words)
    if (lower.has(match.index)) {
      out += text.slice(last, match.index) + match[0].toLowerCase();
      last = match.index + match[0].length;
    }
  out += text.slice(last);
  return out.replace(/(^|[.!?]\s+)(\p{Ll})/gu, (_all, before: string, letter: string) => before + letter.toUpperCase());
}

function editEach(questions: Question[], edit: (question: Question) => Question | null) {
  const after = questions.map((question) => edit(question) ?? question);
  return after.some((question, index) => question !== questions[index]) ? after : null;
}

export function fixedQuestions(questions: Question[], fix: HealthFix): Question[] | null {
  switch (fix.fix) {
    case "sentence-case":
      return editEach(questions, (question) =>
        longestCapsRun(question.instructions) >= 3
          ? { ...question, instructions: sentenceCase(question.instructions) }
          : null,
      );
    case "add-instructions":
      return editEach(questions, (question) =>
        requiredWithoutInstructions(question) ? { ...question, instructions: fix.instructions } : null,
      );
    case "make-optional":
      if (fix.finding === "required-without-instructions")
        return editEach(questions, (question) =>
          requiredWithoutInstructions(question) ? { ...question, required: false } : null,
        );
      // Only an optional text question keeps a price, so on any other type the price goes.
      return editEach(questions, (question) =>
        !addOnPriceDropped(question)
          ? null
          : question.type === "text_input"
            ? { ...question, required: false }
            : { ...question, addOnPrice: null },
      );
    case "drop-price":
      return editEach(questions, (question) =>
        addOnPriceDropped(question) ? { ...question, addOnPrice: null } : null,
      );
    case "add-question":
      return questions.length > 0
        ? null
        : [
            {
              type: "text_input",
              title: fix.title,
              instructions: fix.instructions,
              required: false,
              maxAllowedCharacters: fix.limit,
            },
          ];
    case "turn-off":
      return questions.length > 0 ? null : [];
  }
}

export const TURN_OFF_DIFF: QuestionChange = {
  change: "changed",
  fields: [{ field: "Personalization", before: "On, asking no question", after: "Off" }],
};

/**
 * The finding to go on to after a plan of `planned`: the first still open after them in the check's order, else the
 * first still open before them. The planned ones are skipped, fixed or discarded.
 */
export function nextFinding(open: readonly Finding[], planned: readonly Finding[]): Finding | undefined {
  const order = Object.keys(FINDINGS) as Finding[];
  const last = Math.max(...planned.map((finding) => order.indexOf(finding)));
  const left = open.filter((finding) => !planned.includes(finding));
  return left.find((finding) => order.indexOf(finding) > last) ?? left[0];
}
