import { z } from "zod";
import { variationSchema } from "../receipt-wire.js";
import { euGuaranteeSchema, LISTING_READ_STATES, moneySchema, storedQuestionSchema } from "../wire.js";
import { HAR_BOUNDS, nestsDeeperThan, type HarEntry } from "../requests/har-file.js";

// What a recording's answers show of the marketplace (docs/sandbox.md, "Recording a real shop, and replaying it
// offline"): its shops, listings with their questions, and receipts with the buyers' answers, each answer parsed as the
// marketplace sends it, the latest one about a thing winning.

const id = z.int().positive();
const listingSchema = z.looseObject({
  listing_id: id,
  shop_id: id,
  user_id: id,
  title: z.string(),
  description: z.string().default(""),
  state: z.enum(LISTING_READ_STATES),
  quantity: z.int().nonnegative(),
  price: moneySchema,
  tags: z.array(z.string()).default([]),
  created_timestamp: z.int(),
  updated_timestamp: z.int(),
  featured_rank: z.int().nullable().default(null),
  shop_section_id: z.int().nullable().default(null),
  return_policy_id: z.int().nullable().default(null),
  taxonomy_id: z.int().nullable().default(null),
  is_personalizable: z.boolean(),
  personalization_is_required: z.boolean().optional(),
  personalization_char_count_max: z.int().nullable().optional(),
  personalization_instructions: z.string().nullable().optional(),
  personalization: z.object({ personalization_questions: z.array(storedQuestionSchema) }).optional(),
  ...euGuaranteeSchema.partial().shape,
});
const questionsSchema = z.object({ personalization_questions: z.array(storedQuestionSchema) });
const shopSchema = z.looseObject({
  shop_id: id,
  user_id: id,
  shop_name: z.string().min(1),
  title: z.string().nullable().optional(),
});
const meSchema = z.looseObject({ user_id: id, shop_id: id.nullable().optional() });
const receiptSchema = z.looseObject({
  receipt_id: id,
  seller_user_id: id,
  buyer_user_id: z.int(),
  name: z.string().default(""),
  buyer_email: z.string().nullable().default(""),
  message_from_buyer: z.string().nullable().default(null),
  status: z.string(),
  is_paid: z.boolean(),
  is_shipped: z.boolean(),
  created_timestamp: z.int(),
  updated_timestamp: z.int(),
  transactions: z.array(
    z.looseObject({
      listing_id: id,
      title: z.string().nullable(),
      quantity: z.int().positive(),
      price: moneySchema,
      variations: z.array(variationSchema).default([]),
    }),
  ),
});
const pageOf = <T extends z.ZodType>(item: T) => z.looseObject({ results: z.array(item) });

export type Listing = z.output<typeof listingSchema>;
type Questions = z.output<typeof questionsSchema>["personalization_questions"];
type Receipt = z.output<typeof receiptSchema>;
type Shop = { shop_id: number; user_id: number; shop_name?: string };

const API = "/v3/application";
/** What each recorded answer tells, by its method and path (a space's base path taken off). */
const READS: { method: RegExp; path: RegExp; read: (found: Found, body: unknown, match: RegExpExecArray) => void }[] = [
  { method: /^GET$/, path: /^\/users\/me$/, read: (found, body) => found.me(meSchema.parse(body)) },
  { method: /^GET$/, path: /^\/shops\/(\d+)$/, read: (found, body) => found.shop(shopSchema.parse(body)) },
  { method: /^GET$/, path: /^\/listings\/(\d+)$/, read: (found, body) => found.listing(listingSchema.parse(body)) },
  {
    method: /^GET$/,
    path: /^\/(shops\/\d+\/listings(\/active)?|listings\/batch|listings\/active)$/,
    read: (found, body) =>
      pageOf(listingSchema)
        .parse(body)
        .results.forEach((listing) => found.listing(listing)),
  },
  {
    method: /^(GET|POST|PUT)$/,
    path: /^(\/shops\/\d+)?\/listings\/(\d+)\/personalization$/,
    read: (found, body, match) =>
      found.questions(Number(match[2]), questionsSchema.parse(body).personalization_questions),
  },
  {
    method: /^DELETE$/,
    path: /^\/shops\/\d+\/listings\/(\d+)\/personalization$/,
    read: (found, _body, match) => found.questions(Number(match[1]), []),
  },
  {
    method: /^GET$/,
    path: /^\/shops\/(\d+)\/receipts$/,
    read: (found, body, match) =>
      pageOf(receiptSchema)
        .parse(body)
        .results.forEach((receipt) => found.receipt(Number(match[1]), receipt)),
  },
  {
    method: /^GET$/,
    path: /^\/shops\/(\d+)\/receipts\/(\d+)$/,
    read: (found, body, match) => found.receipt(Number(match[1]), receiptSchema.parse(body)),
  },
];

export class Found {
  readonly shops = new Map<number, Shop>();
  /** Questions written or read before any read of their listing. */
  readonly pendingQuestions = new Map<number, Questions>();
  readonly listings = new Map<number, Listing>();
  readonly receipts = new Map<number, Receipt & { shop_id: number }>();
  readonly listingShops = new Set<number>();
  readonly receiptShops = new Set<number>();
  me(me: z.output<typeof meSchema>) {
    if (me.shop_id)
      this.shops.set(me.shop_id, { ...this.shops.get(me.shop_id), shop_id: me.shop_id, user_id: me.user_id });
  }
  shop(shop: z.output<typeof shopSchema>) {
    this.shops.set(shop.shop_id, { shop_id: shop.shop_id, user_id: shop.user_id, shop_name: shop.shop_name });
  }
  listing(listing: Listing) {
    const known = this.listings.get(listing.listing_id);
    // A read without includes=Personalization says nothing of the questions: the ones known stay.
    this.listings.set(listing.listing_id, {
      ...listing,
      personalization: listing.personalization ?? known?.personalization,
    });
    this.listingShops.add(listing.shop_id);
    if (!this.shops.has(listing.shop_id))
      this.shops.set(listing.shop_id, { shop_id: listing.shop_id, user_id: listing.user_id });
  }
  questions(listingId: number, questions: Questions) {
    const known = this.listings.get(listingId);
    if (known) known.personalization = { personalization_questions: questions };
    else this.pendingQuestions.set(listingId, questions);
  }
  receipt(shopId: number, receipt: Receipt) {
    this.receipts.set(receipt.receipt_id, { ...receipt, shop_id: shopId });
    this.receiptShops.add(shopId);
  }
}

const pathOf = (url: string) => new URL(url).pathname.replace(/^\/spaces\/[^/]+/, "");

export function foundIn(file: string, entries: HarEntry[]): Found | string {
  const found = new Found();
  for (const [index, entry] of entries.entries()) {
    const path = pathOf(entry.request.url);
    if (!path.startsWith(`${API}/`) || entry.response.status < 200 || entry.response.status >= 300) continue;
    const route = path.slice(API.length);
    const method = entry.request.method.toUpperCase();
    const reader = READS.find((candidate) => candidate.method.test(method) && candidate.path.test(route));
    if (!reader) continue;
    // The request log cuts long answers (request-exchange.ts): such an answer tells nothing whole.
    if (entry.response.content?.comment) continue;
    const text = entry.response.content?.text ?? "";
    let body: unknown = undefined;
    if (text !== "") {
      try {
        body = JSON.parse(text);
      } catch {
        return `${file}: log.entries[${index}] (${method} ${path}) answered ${text.length} characters that are not JSON: the recording is cut or altered; record it again.`;
      }
      if (nestsDeeperThan(body, HAR_BOUNDS.depth))
        return `${file}: log.entries[${index}] (${method} ${path}) nests more than ${HAR_BOUNDS.depth} levels deep, deeper than any answer of the marketplace; record it again.`;
    }
    try {
      reader.read(found, body, reader.path.exec(route)!);
    } catch (error) {
      const issue = error instanceof z.ZodError ? error.issues[0] : undefined;
      const where = issue ? `${issue.path.join(".") || "the answer"}: ${issue.message}` : String(error);
      return `${file}: log.entries[${index}] (${method} ${path}) is not an answer of the marketplace (${where}); record it again, or remove that entry.`;
    }
  }
  for (const [listingId, questions] of found.pendingQuestions)
    if (found.listings.has(listingId))
      found.listings.get(listingId)!.personalization ??= { personalization_questions: questions };
  return found;
}
