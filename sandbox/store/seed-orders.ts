import type { Db } from "./db.js";
import { getListingRow } from "./listing-store.js";
import { insertOrder } from "./receipt-store.js";
import { orderBody, placeOrder, variationOf } from "./place-order.js";
import type { StoredQuestion } from "../wire.js";

// The demo sellers' orders: answered as the seeded questions stand, over the last three weeks before the seed, the
// older ones shipped. A few answers print badly (an emoji, a right-to-left mark) so the dashboard has something to flag.

const NAMES = ["Mia", "Oliver", "Amelia", "Noah\u200f", "Isla", "Leo", "Sofia", "Lily 🌸", "Arthur", "Grace", "Theo"];
const DATES = ["12.05.2019 A&J", "June 2021, R + K", "01/02/2020 M.S.", "Forever, T & L"];
const COLOURS = ["navy", "sage green", "gold", "blush pink"];
const BUYERS = ["Jane Doe", "Ravi Patel", "Chloe Martin", "Tomás Silva", "Hannah Berg", "Kwame Mensah", "Yuki Sato"];

const ADA_LISTINGS = [1_000_000_001, 1_000_000_004, 1_000_000_007, 1_000_000_008, 1_000_000_010, 1_000_000_013];
const DEE_LISTINGS = [4_000_000_001, 4_000_000_002, 4_000_000_003];
const BO_LISTINGS = [2_000_000_001, 2_000_000_005, 2_000_000_009];
const HOUR = 3600;

function answerFor(question: StoredQuestion, index: number): string {
  const limit = question.max_allowed_characters ?? 20;
  const fitted = (text: string) => [...text].slice(0, limit).join("");
  if (limit <= 3) return fitted(["AJD", "MK", "RPS", "L"][index % 4]!);
  if (/colour/i.test(question.instructions ?? "")) return fitted(COLOURS[index % COLOURS.length]!);
  if (/date/i.test(question.instructions ?? "")) return fitted(DATES[index % DATES.length]!);
  if (limit > 200) return `Dear ${NAMES[index % NAMES.length]}, happy birthday! With love from all of us.`;
  return fitted(NAMES[index % NAMES.length]!);
}

function orderOf(db: Db, listingId: number, index: number, now: number) {
  const listing = getListingRow(db, listingId);
  if (!listing) return;
  const questions = JSON.parse(listing.questions) as StoredQuestion[];
  // Every fifth optional question left unanswered, as buyers do.
  const answers = questions
    .filter((question) => question.required || index % 5 !== 1)
    .map((question) => ({ question_id: question.question_id, value: answerFor(question, index) }));
  const buyer = BUYERS[index % BUYERS.length]!;
  const outcome = placeOrder(
    db,
    orderBody.parse({
      listing_id: listingId,
      quantity: 1 + (index % 7 === 3 ? 1 : 0),
      buyer: {
        name: buyer,
        email: `${buyer
          .split(" ")[0]!
          .normalize("NFD")
          .replace(/[^A-Za-z]/g, "")
          .toLowerCase()}@example.com`,
      },
      answers,
      paid: index !== 2,
      shipped: index >= 20 || index % 6 === 5,
      created_timestamp: now - (index + 1) * 15 * HOUR,
    }),
    now,
  );
  if ("error" in outcome) throw new Error(`The demo order on listing ${listingId} is refused: ${outcome.error}`);
}

export function seedOrders(db: Db, shops: { ada: number; ada_user: number }, now: number) {
  const first = getListingRow(db, ADA_LISTINGS[0]!);
  const question = first && (JSON.parse(first.questions) as StoredQuestion[])[0];
  // Receipt 60001: the order getListingsByShopReceipt has always shown, a named necklace and a listing with no question.
  insertOrder(
    db,
    {
      shop_id: shops.ada,
      seller_user_id: shops.ada_user,
      buyer_user_id: 90_001,
      buyer_name: "Jane Doe",
      buyer_email: "jane@example.com",
      paid: true,
      created: now - 30 * 24 * HOUR,
      shipped: now - 29 * 24 * HOUR,
      items: [1_000_000_001, 1_000_000_002].map((listingId) => {
        const row = getListingRow(db, listingId)!;
        const variation =
          listingId === first?.listing_id && question
            ? variationOf(question, { question_id: question.question_id, value: "Jane" })
            : null;
        const variations = variation ? [variation] : [];
        return { listing_id: listingId, title: row.title, quantity: 1, price_amount: row.price_amount, variations };
      }),
    },
    60001,
  );
  for (let index = 0; index < 30; index += 1) orderOf(db, ADA_LISTINGS[index % ADA_LISTINGS.length]!, index, now);
  for (let index = 0; index < 8; index += 1) orderOf(db, DEE_LISTINGS[index % DEE_LISTINGS.length]!, index, now);
  for (let index = 0; index < 6; index += 1) orderOf(db, BO_LISTINGS[index % BO_LISTINGS.length]!, index, now);
}
