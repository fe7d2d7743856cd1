import "server-only";
import { editableInSingleQuestionEditor } from "../personalization/editable";
import type { Result } from "./failure";
import type { Question } from "./wire";

/** Whether writes may carry several questions of every type (spec 9.4): the multi-question editor, or the single one. */
export type PersonalizationPhase = "single" | "multi";

type ListingSeen = {
  legacy?: unknown;
  questions: readonly Pick<Question, "type" | "title" | "addOnPrice">[];
};

/**
 * `auto` learns the period from the marketplace's own answers, as the live API has no read that says it
 * (decisions.md "Sandbox-only reads"): listings that still carry the legacy fields mean the migration period (one text
 * question); listings without them mean the marketplace of today (several questions), as does a listing with several
 * questions, a new type or an add-on price, or a single-question write refused with 409. A write of several questions
 * refused with 400 means the period ended: single, until a listing shows what only the multi-question period allows,
 * or legacy fields and then none again.
 */
export function createPhaseProbe({ setting }: { setting: "single" | "multi" | "auto" }) {
  let learned: PersonalizationPhase | undefined;
  let refusedSeveral = false;

  return {
    async current(): Promise<PersonalizationPhase> {
      return setting === "auto" ? (learned ?? "multi") : setting;
    },

    noteListings(listings: readonly ListingSeen[]) {
      if (listings.length === 0) return;
      if (listings.some((listing) => listing.legacy !== undefined)) {
        learned = "single";
        refusedSeveral = false;
        return;
      }
      const multiOnly = listings.some(
        (listing) =>
          !editableInSingleQuestionEditor(listing) || listing.questions.some((question) => question.addOnPrice),
      );
      if (multiOnly) refusedSeveral = false;
      if (!refusedSeveral) learned = "multi";
    },

    noteWrite({ multipleQuestions, result }: { multipleQuestions: boolean; result: Result<unknown> }) {
      if (result.ok) return;
      if (multipleQuestions && result.failure.kind === "invalid") {
        learned = "single";
        refusedSeveral = true;
      } else if (!multipleQuestions && result.failure.kind === "conflict") {
        learned = "multi";
        refusedSeveral = false;
      }
    },

    forget() {},
  };
}

export type PhaseProbe = ReturnType<typeof createPhaseProbe>;
