import "server-only";
import type { Database } from "../db/database";
import type { Question } from "../marketplace/wire";
import { mirrorStore } from "./mirror-store";

// A write the marketplace confirmed shows at once, without reading the listing again.
export async function mirrorWrote(db: Database, listingId: number, questions: Question[]) {
  const store = mirrorStore(db);
  const known = await store.listing(listingId);
  if (!known) return;
  const first = questions[0];
  const legacy = known.listing.legacy && {
    required: first?.required ?? false,
    maxAllowedCharacters: first?.maxAllowedCharacters ?? null,
    instructions: first?.instructions ?? null,
  };
  await store.replace(known, {
    ...known.listing,
    questions,
    isPersonalizable: questions.length > 0,
    legacy,
    legacyDisagrees: false,
  });
}
