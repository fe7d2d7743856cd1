import { ADD_ON_PRICE_MAX } from "@/lib/personalization/add-on-price";
import { wholeNumber } from "@/lib/whole-number";
import type { QuestionSetFormApi } from "./drafts";
import { ERROR } from "./field-classes";

/** The shop's currency for add-on prices; `each`: a change to many listings, where an empty price keeps what each listing charges. */
/** `offered: false`: a marketplace before add-on prices (2026-07-20, docs/marketplace.md §13), so none is asked for. */
export type Pricing = { currencyCode?: string; each?: boolean; offered?: boolean };

/** What buyers pay on top when they answer an optional text question, in the shop's currency. */
export function AddOnPriceField({
  form,
  index,
  id,
  pricing,
  error,
}: {
  form: QuestionSetFormApi;
  index: number;
  id: string;
  pricing: Pricing;
  error: string | undefined;
}) {
  return (
    <div>
      <label htmlFor={`${id}-price`} className="block font-medium">
        Add-on price{pricing.currencyCode ? ` (${pricing.currencyCode})` : ""}
      </label>
      <input
        id={`${id}-price`}
        type="text"
        inputMode="decimal"
        autoComplete="off"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-price-hint ${id}-price-error`}
        className="mt-1 w-32 rounded-md border border-stone-400 p-2"
        {...form.register(`questions.${index}.addOnPrice`)}
      />
      <p id={`${id}-price-hint`} className="text-sm text-stone-600">
        Optional questions only: what buyers pay on top of the listing’s price when they answer, in{" "}
        {pricing.currencyCode ?? "your shop’s currency"}, up to {wholeNumber(ADD_ON_PRICE_MAX)} with at most two
        decimals.{" "}
        {pricing.each
          ? "Leave it empty to keep what each listing charges for this question now, or enter 0 to charge nothing."
          : "Leave it empty to charge nothing."}
      </p>
      <p id={`${id}-price-error`} role="alert" className={ERROR}>
        {error}
      </p>
    </div>
  );
}
