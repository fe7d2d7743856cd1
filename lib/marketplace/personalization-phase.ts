import "server-only";
import { editableInSingleQuestionEditor } from "../personalization/editable";
import type { Result } from "./failure";
import type { Question } from "./wire";

/** Whether writes may carry several questions of every type (spec 9.4): the multi-question editor, or the single one. */
export type PersonalizationPhase = "single" | "multi";

type Probe = {
  setting: "single" | "multi" | "auto";
  cacheMs: number;
  ask: () => Promise<Result<{ multipleQuestions: boolean }>>;
  now?: () => number;
};

/**
 * `auto` asks the marketplace and keeps the answer for `cacheMs`. A marketplace that cannot say (404) is taken to be in
 * the migration period until one of its listings shows what only the multi-question period allows.
 */
export function createPhaseProbe({ setting, cacheMs, ask, now = Date.now }: Probe) {
  let known: { phase: PersonalizationPhase; until: number } | undefined;
  let sawMultiQuestionListing = false;
  const guessed = (): PersonalizationPhase => (sawMultiQuestionListing ? "multi" : "single");

  return {
    async current(): Promise<PersonalizationPhase> {
      if (setting !== "auto") return setting;
      if (known && known.until > now()) return known.phase;
      const answer = await ask();
      if (!answer.ok && answer.failure.kind !== "not_found") return known?.phase ?? guessed();
      const phase = answer.ok ? (answer.data.multipleQuestions ? "multi" : "single") : guessed();
      known = { phase, until: now() + cacheMs };
      return phase;
    },

    /** What the marketplace returned: several questions, or a type or title the migration period does not allow. */
    noteListings(listings: readonly { questions: readonly Pick<Question, "type" | "title">[] }[]) {
      if (sawMultiQuestionListing || !listings.some((listing) => !editableInSingleQuestionEditor(listing))) return;
      sawMultiQuestionListing = true;
      known = undefined;
    },

    /** After a write was refused: the phase may have changed under the seller, so the next caller asks again. */
    forget() {
      known = undefined;
    },
  };
}

export type PhaseProbe = ReturnType<typeof createPhaseProbe>;
