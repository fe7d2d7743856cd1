import { openDb } from "../store/db.js";
import { getListingRow, listingPage } from "../store/listing-store.js";
import { listingJson } from "../store/listing-json.js";
import { DEMO_SELLERS, seed } from "../store/seed.js";
import type { StoredQuestion } from "../wire.js";

// The examples of /openapi.json are the sandbox's own answers on its seed data, written by the serialisers the
// endpoints use: a mock server (Prism) serving the document then answers what the sandbox answers, byte for byte in
// size, so the two can be compared at equal payloads.

let built: ReturnType<typeof build> | undefined;

function build() {
  const db = openDb(":memory:");
  try {
    seed(db, { per_second: 1, per_day: 1 });
    const page = listingPage(
      db,
      { where: "shop_id = ? AND state = ?", params: [DEMO_SELLERS.bo.shop_id, "active"] },
      { includes: ["Personalization"], legacy: true },
      { limit: 25, offset: 0 },
    );
    const firstOfBo = page.results[0] && getListingRow(db, page.results[0].listing_id);
    const questionsOfAda = db
      .prepare("SELECT questions FROM listings WHERE shop_id = ? AND is_personalizable = 1 ORDER BY listing_id LIMIT 1")
      .pluck()
      .get(DEMO_SELLERS.ada.shop_id) as string | undefined;
    if (!firstOfBo || !questionsOfAda) throw new Error("The seed data has no listing to show in /openapi.json.");
    return {
      listingPage: page,
      listing: listingJson(db, firstOfBo, { includes: [], legacy: true }),
      personalization: { personalization_questions: JSON.parse(questionsOfAda) as StoredQuestion[] },
    };
  } finally {
    db.close();
  }
}

export const examples = () => (built ??= build());
