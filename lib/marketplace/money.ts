// No zod here: the review, the inbox and the history show prices in the browser. The wire's schema reads MoneyWire.
export type Money = { amount: number; divisor: number; currencyCode: string };

export type MoneyWire = { amount: number; divisor: number; currency_code: string };

export const moneyOf = (wire: MoneyWire): Money => ({
  amount: wire.amount,
  divisor: wire.divisor,
  currencyCode: wire.currency_code,
});

/** The app's Money or the wire's: every helper reads either, so there is one notion of a price. */
export type AnyMoney = Money | MoneyWire;

const appMoney = (money: AnyMoney | null | undefined): Money | null =>
  !money ? null : "currencyCode" in money ? money : moneyOf(money);

const isFree = (money: Money | null) => !money || money.amount === 0;

// One format per currency: a page of listings formats a price per row.
const formats = new Map<string, Intl.NumberFormat>();

export function formatMoney(any: AnyMoney): string {
  const money = appMoney(any)!;
  const value = money.divisor > 0 ? money.amount / money.divisor : money.amount;
  try {
    const format =
      formats.get(money.currencyCode) ??
      new Intl.NumberFormat("en-US", { style: "currency", currency: money.currencyCode });
    formats.set(money.currencyCode, format);
    return format.format(value);
  } catch {
    return `${value.toFixed(2)} ${money.currencyCode}`;
  }
}

/** A price as the seller types it, such as "2.50"; "" for none. */
export function priceTextOf(any: AnyMoney | null | undefined): string {
  const money = appMoney(any);
  if (!money || money.amount === 0 || money.divisor <= 0) return "";
  return (money.amount / money.divisor).toFixed(2);
}

/** No price and a price of 0 are the same; otherwise the same amount in the same currency, whatever the divisor. */
export function samePrice(a: AnyMoney | null | undefined, b: AnyMoney | null | undefined) {
  const [x, y] = [appMoney(a), appMoney(b)];
  if (isFree(x) || isFree(y)) return isFree(x) === isFree(y);
  return x!.currencyCode === y!.currencyCode && x!.amount * y!.divisor === y!.amount * x!.divisor;
}

export const moneyWireOf = (money: Money): MoneyWire => ({
  amount: money.amount,
  divisor: money.divisor,
  currency_code: money.currencyCode,
});
