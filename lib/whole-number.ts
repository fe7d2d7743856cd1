/** "10,000": a whole number with its thousands grouped, as en-US writes it. String work rather than Intl, because a
 * page's first Intl format loads ICU's data, about 50 to 120 ms of the editor's first render on a phone. */
export const wholeNumber = (count: number) => String(Math.round(count)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
