// Every save the load sent, what the dashboard told the seller about it, and whether the sandbox agrees.
import type { ActionResult, QuestionInput } from "./loadtest-action";

/**
 * stored: the dashboard said it was saved. not_stored: it said it was not (rate limited, marketplace error...).
 * unknown: it said it cannot tell (the marketplace did not answer in time), so the write may land later.
 * error: no usable answer at all (counted as an error, never as a reported outcome).
 */
export type Outcome = "stored" | "not_stored" | "unknown" | "error";

export type Save = { id: number; listingId: number; question: QuestionInput; outcome: Outcome; reason: string };

export type Held = { instructions: string | null; required: boolean; max_allowed_characters: number } | undefined;

const TOOK_TOO_LONG = "cannot tell whether";

export function outcomeOf(result: ActionResult, sent: QuestionInput): { outcome: Outcome; reason: string } {
  if (result.ok) {
    const echoed = result.data[0];
    const same =
      result.data.length === 1 &&
      echoed?.instructions === sent.instructions &&
      echoed.required === sent.required &&
      echoed.maxAllowedCharacters === sent.maxAllowedCharacters;
    return same
      ? { outcome: "stored", reason: "stored" }
      : { outcome: "error", reason: "reported stored with other values than were sent" };
  }
  if (result.formError.includes(TOOK_TOO_LONG)) return { outcome: "unknown", reason: "timeout: reported as unknown" };
  if (result.fieldErrors)
    return { outcome: "error", reason: `refused as invalid: ${JSON.stringify(result.fieldErrors)}` };
  if (result.reauth) return { outcome: "error", reason: "asked the seller to sign in again" };
  if (/asked us to wait/.test(result.formError))
    return { outcome: "not_stored", reason: "rate limited: reported not stored" };
  const status = /error (\d{3})/.exec(result.formError)?.[1];
  if (/not answering/.test(result.formError))
    return { outcome: "not_stored", reason: `marketplace ${status ?? "unreachable"}: reported not stored` };
  return { outcome: "not_stored", reason: `other: ${result.formError}` };
}

const holds = (held: Held, question: QuestionInput) =>
  held !== undefined &&
  held.instructions === question.instructions &&
  held.required === question.required &&
  held.max_allowed_characters === question.maxAllowedCharacters;

export class Ledger {
  private next = 1;
  readonly saves: Save[] = [];
  readonly lost = new Set<number>();
  readonly phantom = new Set<number>();
  unknownLanded = 0;

  record(listingId: number, question: QuestionInput, outcome: Outcome, reason: string): Save {
    const save = { id: this.next++, listingId, question, outcome, reason };
    this.saves.push(save);
    return save;
  }

  /** Right after a save, while no other write to that listing can be in flight (one seller owns it; see the quarantine). */
  checkNow(save: Save, held: Held) {
    if (save.outcome === "stored" && !holds(held, save.question)) this.lost.add(save.id);
    if (save.outcome === "not_stored" && holds(held, save.question)) this.phantom.add(save.id);
  }

  /** After the run and after every delayed write had time to land: the sandbox's value against the saves' history. */
  checkFinal(listingId: number, held: Held) {
    const history = this.saves.filter((save) => save.listingId === listingId);
    const lastStored = history.findLast((save) => save.outcome === "stored");
    // Instructions carry a counter, so at most one save can match what the sandbox holds.
    const holder = history.find((save) => holds(held, save.question));
    if (holder?.outcome === "not_stored") this.phantom.add(holder.id);
    if (holder === lastStored) return;
    const after = (save: Save) => lastStored === undefined || save.id > lastStored.id;
    if (holder && (holder.outcome === "unknown" || holder.outcome === "error") && after(holder)) {
      if (holder.outcome === "unknown") this.unknownLanded += 1;
      return;
    }
    if (lastStored) this.lost.add(lastStored.id);
  }

  count(outcome: Outcome) {
    return this.saves.filter((save) => save.outcome === outcome).length;
  }

  reasons(): Record<string, number> {
    const counts: Record<string, number> = {};
    for (const save of this.saves) counts[save.reason] = (counts[save.reason] ?? 0) + 1;
    return counts;
  }
}
