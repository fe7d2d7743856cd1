import { wholeNumber } from "../whole-number";

/** "1 order", "2 orders": a count with its unit, singular for one. */
export const counted = (count: number, one: string, many = `${one}s`) =>
  `${wholeNumber(count)} ${count === 1 ? one : many}`;
