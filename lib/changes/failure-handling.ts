import type { MarketplaceFailure } from "../marketplace/failure";

export type FailureHandling = { pause: string } | { retry: boolean; reason: string };

const tries = (attempts: number) => (attempts === 1 ? "once" : `${attempts} times`);

export const NOT_IN_SHOP =
  "This listing no longer exists on the marketplace or is no longer in your shop, so it was not changed.";

export function handlingOf(failure: MarketplaceFailure, attempts: number): FailureHandling {
  switch (failure.kind) {
    case "reauth":
    case "invalid_token":
      return {
        pause:
          "Your marketplace sign-in has expired, so this change is paused. Sign in again and it goes on by itself.",
      };
    case "insufficient_scope":
      return {
        pause:
          "The marketplace did not let the dashboard edit your listings, so this change is paused. Sign in again and allow “Create and edit your listings”; it then goes on by itself.",
      };
    case "rate_limited":
      return {
        retry: true,
        reason: `The marketplace was busy each time we tried (${tries(attempts)}). Change this listing again in a few minutes.`,
      };
    case "unavailable":
      return {
        retry: true,
        reason: `The marketplace did not answer (${failure.status ? `error ${failure.status}, ` : ""}tried ${tries(attempts)}). Change this listing again in a few minutes.`,
      };
    case "timeout":
      return {
        retry: true,
        reason: `The marketplace took too long to answer (tried ${tries(attempts)}), so this listing may or may not have changed. Open it to check.`,
      };
    case "invalid":
      return {
        retry: false,
        reason: `The marketplace refused the question: ${failure.message}. Edit this listing on its own page.`,
      };
    case "forbidden":
      return {
        retry: false,
        reason: `The marketplace refused: ${failure.message} Check that this listing is still in your shop.`,
      };
    case "not_found":
      return { retry: false, reason: NOT_IN_SHOP };
    case "conflict":
      return {
        retry: false,
        reason:
          "The marketplace refused: this listing now asks buyers questions that this dashboard cannot show, and the change would delete them, so it was left as it is. Change it on the marketplace.",
      };
    case "unexpected":
      return {
        retry: false,
        reason: `Something unexpected went wrong (${failure.message}). Change this listing again; if it keeps happening, contact support.`,
      };
  }
}
