import "server-only";
import { observeAnswers } from "../marketplace";
import { marketplaceConfig } from "../marketplace/config";
import { DEFAULT_PHASE, type PersonalizationPhase } from "../env-schema";
import { editableInSingleQuestionEditor } from "./single-question-period";
import type { Result } from "../marketplace/failure";
import type { Question } from "../marketplace/wire";

type ListingSeen = {
  legacy?: unknown;
  questions: readonly Pick<Question, "type" | "title" | "addOnPrice">[];
};

// The live API has no read that says the period (docs/marketplace.md §17): `auto` learns it from
// answers, as docs/configuration.md lists.
export function createPhaseProbe({ setting }: { setting: "single" | "multi" | "auto" }) {
  let learned: PersonalizationPhase | undefined;
  let refusedSeveral = false;

  return {
    async current(): Promise<PersonalizationPhase> {
      return setting === "auto" ? (learned ?? DEFAULT_PHASE) : setting;
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
  };
}

export type PhaseProbe = ReturnType<typeof createPhaseProbe>;

const globalForPhase = globalThis as unknown as { phase?: PhaseProbe };

/** The period the dashboard writes in; instrumentation.ts asks for it at start, so it learns from the first answer. */
export function personalizationPhase(): PhaseProbe {
  if (!globalForPhase.phase) {
    globalForPhase.phase = createPhaseProbe({ setting: marketplaceConfig().personalization ?? DEFAULT_PHASE });
    observeAnswers(globalForPhase.phase);
  }
  return globalForPhase.phase;
}
