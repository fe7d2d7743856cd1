import { formatMoney, type Money } from "../marketplace/money";
import { wholeNumber } from "../whole-number";

// The OAS's Money is an int64 `amount` over a `divisor` and fixes neither. Our choice: cents (divisor 100, so at most
// two decimals in every currency) and at most 10,000 in the shop's currency, far above any add-on a buyer pays for text.
export const ADD_ON_PRICE_DIVISOR = 100;
export const ADD_ON_PRICE_MAX = 10_000;

export const addOnPriceRules = {
  format: "Enter the price as a number with at most two decimals, such as 2.50.",
  max: `Charge at most ${wholeNumber(ADD_ON_PRICE_MAX)}.`,
} as const;

/** docs/marketplace.md §13: the marketplace keeps an add-on price only on an optional text question. */
export const addOnPriceDropped = (question: {
  type: string;
  required: boolean;
  addOnPrice?: { amount: number } | null;
}) => (question.addOnPrice?.amount ?? 0) > 0 && (question.required || question.type !== "text_input");

const PRICE_TEXT = /^\d+(\.\d{1,2})?$/;

export function brokenAddOnPriceRule(text: string): keyof typeof addOnPriceRules | undefined {
  const trimmed = text.trim();
  if (trimmed === "") return undefined;
  if (!PRICE_TEXT.test(trimmed)) return "format";
  if (Number(trimmed) > ADD_ON_PRICE_MAX) return "max";
  return undefined;
}

export function moneyOfPriceText(text: string, currencyCode: string): Money | null {
  const trimmed = text.trim();
  if (trimmed === "" || brokenAddOnPriceRule(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(".");
  const amount = Number(whole) * ADD_ON_PRICE_DIVISOR + Number(fraction.padEnd(2, "0"));
  return amount === 0 ? null : { amount, divisor: ADD_ON_PRICE_DIVISOR, currencyCode };
}

/** What buyers see beside a question that costs extra, such as "+$2.50"; "" for none. */
export const addOnLabel = (money: Money | null | undefined) =>
  money && money.amount > 0 ? `+${formatMoney(money)}` : "";

/** The label of a price as typed in `currencyCode`, or as typed when the shop's currency is not known. */
export function typedAddOnLabel(text: string | undefined, currencyCode: string | undefined) {
  const trimmed = text?.trim() ?? "";
  if (trimmed === "" || brokenAddOnPriceRule(trimmed) || Number(trimmed) === 0) return "";
  return currencyCode ? addOnLabel(moneyOfPriceText(trimmed, currencyCode)) : `+${trimmed}`;
}
