import type { MarketplaceFailure } from "../marketplace/failure";

export type FailureHandling = { pauseJob: string } | { retry: boolean; reason: string };

const tries = (attempts: number) => (attempts === 1 ? "once" : `${attempts} times`);

export const NOT_IN_SHOP =
  "This listing no longer exists on the marketplace or is no longer in your shop, so it was not changed.";

export function handlingOf(failure: MarketplaceFailure, attempts: number): FailureHandling {
  switch (failure.kind) {
    case "reauth":
    case "invalid_token":
      return {
        pauseJob: "Your marketplace sign-in has expired, so this bulk change is paused. Sign in again, then resume it.",
      };
    case "insufficient_scope":
      return {
        pauseJob:
          "The marketplace did not let the dashboard edit your listings, so this bulk change is paused. Sign in again, allow “Create and edit your listings”, then resume it.",
      };
    case "rate_limited":
      return {
        retry: true,
        reason: `The marketplace was busy each time we tried (${tries(attempts)}). Retry this listing in a few minutes.`,
      };
    case "unavailable":
      return {
        retry: true,
        reason: `The marketplace did not answer (${failure.status ? `error ${failure.status}, ` : ""}tried ${tries(attempts)}). Retry this listing in a few minutes.`,
      };
    case "timeout":
      return {
        retry: true,
        reason: `The marketplace took too long to answer (tried ${tries(attempts)}), so this listing may or may not have changed. Open it to check, then retry it.`,
      };
    case "invalid":
      return {
        retry: false,
        reason: `The marketplace refused the question: ${failure.message}. Edit this listing on its own page.`,
      };
    case "forbidden":
      return {
        retry: false,
        reason: `The marketplace refused: ${failure.message} Check that this listing is still in your shop, then retry it.`,
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
        reason: `Something unexpected went wrong (${failure.message}). Retry this listing; if it keeps happening, contact support.`,
      };
  }
}
