import type { ListingQuestions } from "../../lib/marketplace/question-wire";
import { toQuestion, type Listing, type Question, type QuestionWire } from "../../lib/marketplace/wire";

/** One question of each kind as a write to today's marketplace sends it, mixed into sets by the change-plan tests. */
export const TEXT_QUESTION = {
  question_type: "text_input",
  question_text: "Name",
  instructions: "Up to two names",
  required: false,
  max_allowed_characters: 40,
};
export const DROPDOWN_QUESTION = {
  question_type: "dropdown",
  question_text: "Colour",
  instructions: null,
  required: true,
  options: [{ label: "Red" }, { label: "Blue" }],
};
export const UPLOAD_QUESTION = {
  question_type: "unlabeled_upload",
  question_text: "Photo",
  instructions: "A clear photo",
  required: true,
  max_allowed_files: 2,
};
/** The questions the multi-question tests mix into sets, as a write sends them. */
export const NAME_QUESTION = {
  question_type: "text_input",
  question_text: "Name",
  instructions: "Name to engrave",
  required: true,
  max_allowed_characters: 20,
};
/** A gift note that costs the buyer $3.00, as a write sends it (the orders tests' paid question). */
export const GIFT_NOTE_QUESTION = {
  question_type: "text_input",
  question_text: "Gift note",
  required: false,
  max_allowed_characters: 40,
  add_on_price: { amount: 300, divisor: 100, currency_code: "USD" },
};
export const FONT_QUESTION = {
  question_type: "dropdown",
  question_text: "Font",
  required: true,
  options: [{ label: "Serif" }, { label: "Script" }],
};
export const PHOTO_QUESTION = {
  question_type: "unlabeled_upload",
  question_text: "Photo",
  instructions: "A photo to print",
  required: false,
  max_allowed_files: 2,
};
export const SIDES_QUESTION = {
  question_type: "labeled_upload",
  question_text: "Photos",
  required: false,
  options: [{ label: "Front" }, { label: "Back" }],
  max_allowed_files: 2,
};

/** A question as the marketplace returns it (null or not required where `fields` names none), in the app's shape. */
export const storedQuestion = (fields: { question_type: string } & Partial<QuestionWire>): Question =>
  toQuestion({ required: false, ...fields });

/** The one required text question that the change runner's tests and benches write, with `instructions`. */
export const engraving = (instructions: string) =>
  storedQuestion({
    question_type: "text_input",
    question_text: "Personalization",
    instructions,
    required: true,
    max_allowed_characters: 20,
  });

/** An active listing in dollars holding `questions`, as a read of the shop gives it to a plan or a grid. */
export const listingHolding = (listingId: number, questions: Question[], lastModified = 1): ListingQuestions => ({
  listingId,
  title: `Listing ${listingId}`,
  state: "active",
  currencyCode: "USD",
  lastModified,
  questions,
});

/** An optional text question asking for a name to engrave, up to 20 characters; `fields` change any of it. */
export const engraveQuestion = (fields: Partial<Question> = {}): Question => ({
  type: "text_input",
  title: "Personalization",
  instructions: "Name to engrave",
  required: false,
  maxAllowedCharacters: 20,
  ...fields,
});

/** An active listing of shop 1 as the health check reads it, personalizable when it asks `questions`. */
export const shopListing = (id: number, questions: Question[], extra: Partial<Listing> = {}): Listing => ({
  id,
  shopId: 1,
  title: `Listing ${id}`,
  state: "active",
  isPersonalizable: questions.length > 0,
  questions,
  legacyDisagrees: false,
  ...extra,
});

/** An add-on price of `amount` US cents, in the app's shape. */
export const usd = (amount: number) => ({ amount, divisor: 100, currencyCode: "USD" });

/** GIFT_NOTE_QUESTION as the marketplace returns it with `id`, in the app's shape. */
export const giftNote = (id: number): Question => ({
  id,
  type: "text_input",
  title: "Gift note",
  instructions: "",
  required: false,
  maxAllowedCharacters: 40,
  addOnPrice: usd(300),
});
