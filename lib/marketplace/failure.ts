import { PERMISSION_NAMES } from "./scopes";

export type MarketplaceFailure =
  | { kind: "reauth"; reason?: string }
  | { kind: "invalid_token" }
  | { kind: "insufficient_scope" }
  | { kind: "invalid"; message: string; field?: string }
  | { kind: "forbidden"; message: string }
  | { kind: "not_found"; message: string }
  /** 409: the write would drop questions the single-question form cannot represent (docs/marketplace.md §9, multi-question period). */
  | { kind: "conflict"; message: string }
  | { kind: "rate_limited"; retryAfter: number }
  | { kind: "unavailable"; status?: number }
  | { kind: "timeout" }
  | { kind: "unexpected"; message: string; status?: number };

export type Result<T> = { ok: true; data: T } | { ok: false; failure: MarketplaceFailure };

/**
 * `load` is a page the seller reloads; `read` a view with its own Try again; `plan` the change dialog, which a reload
 * would close.
 */
export function describeFailure(
  failure: MarketplaceFailure,
  action: "save" | "remove" | "load" | "read" | "plan",
): string {
  const verb = {
    save: "save the question",
    remove: "remove personalization",
    load: "load this page",
    read: "read your listings",
    plan: "plan the change",
  }[action];
  const reading = action === "load" || action === "read" || action === "plan";
  const retry = (when: string) =>
    ({
      load: `. Reload the page in a ${when}.`,
      read: `: try again in a ${when}.`,
      plan: `. Nothing you chose here is lost: try again from this dialog in a ${when}.`,
      save: `. Your changes are still here: try again in a ${when}.`,
      remove: `. Your changes are still here: try again in a ${when}.`,
    })[action];
  switch (failure.kind) {
    case "reauth":
    case "invalid_token":
      return "Your marketplace sign-in has expired. Sign in again; your changes will still be here.";
    // docs/marketplace.md §15: a grant may lose a scope at a refresh, so this names the permission, not who removed it.
    case "insufficient_scope":
      return reading
        ? `The marketplace did not let the dashboard ${verb} because it lacks the permission “${PERMISSION_NAMES.listings_r}”: sign in again and allow it.`
        : `The marketplace did not let the dashboard ${verb} because it lacks the permission “${PERMISSION_NAMES.listings_w}”: sign in again and allow it, and what you typed will still be here.`;
    case "invalid":
      return `The marketplace refused the question: ${failure.message}. Correct it and save again.`;
    case "forbidden":
      return `The marketplace refused: ${failure.message} Check that you are signed in to the shop that owns this listing.`;
    case "not_found":
      return "This listing no longer exists on the marketplace. Go back to your listings.";
    case "conflict":
      return reading
        ? `The marketplace refused: ${failure.message}`
        : `Nothing was changed: this listing now asks buyers questions that this dashboard cannot show (several questions, or a dropdown or file upload), and ${action === "save" ? "saving" : "this change"} would delete them. Reload the listing to see them, and change them on the marketplace.`;
    case "rate_limited":
      return `The marketplace is busy and asked us to wait ${failure.retryAfter} seconds${retry("moment")}`;
    case "unavailable":
      return `The marketplace is not answering right now${failure.status ? ` (error ${failure.status})` : ""}, so we could not ${verb}${retry("minute")}`;
    case "timeout":
      return action === "load"
        ? "The marketplace took too long to answer. Reload the page to try again."
        : reading
          ? `The marketplace took too long to answer, so we could not ${verb}${retry("moment")}`
          : `The marketplace took too long to answer, so we cannot tell whether it managed to ${verb}. Your changes are still here: reload the listing to check, then try again.`;
    case "unexpected":
      return `Something unexpected went wrong while trying to ${verb} (${failure.message}). Try again; if it keeps happening, contact support.`;
  }
}
