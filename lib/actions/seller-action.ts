import "server-only";
import type { z } from "zod";
import { databaseDown, sessionSeller, signInReason, type SignedInSeller, type SignInReason } from "../auth/seller";
import { isDatabaseUnreachable } from "../db/outage";
import { DATABASE_DOWN, DATABASE_LOST } from "./database-down";
import { marketplace, describeFailure, type Marketplace, type Result } from "../marketplace";
import type { Question } from "../marketplace/wire";

export type ActionResult<T> =
  | { ok: true; data: T }
  | {
      ok: false;
      formError: string;
      fieldErrors?: Record<string, string>;
      reauth?: boolean;
      /** Which sign-in ended, for the sign-in page's message: "expired" is the marketplace's, the others the dashboard's. */
      signIn?: SignInReason;
      missingScope?: boolean;
      unconfirmed?: boolean;
      /** The marketplace did not answer (lost connection or a 5xx): the write may or may not have landed. */
      unavailable?: boolean;
      retryAfter?: number;
      changedSince?: Question[];
      /** The page is from another build of the dashboard, whose server no longer has this action: reload it. */
      olderPage?: boolean;
    };

export const DASHBOARD_SIGN_IN_ENDED =
  "Your sign-in to this dashboard has ended (the marketplace is fine), so nothing was changed. Sign in again; what you typed is kept.";

/** `gone`: the marketplace removed the listing, so there is nothing to try again. */
export type Refusal = { ok: false; refusal: string; changedSince?: Question[]; gone?: true; missingScope?: true };

const FORM_FIELDS: Record<string, string> = {
  instructions: "instructions",
  max_allowed_characters: "maxAllowedCharacters",
  required: "required",
};

/**
 * The lists an action's input names: `selection.listingIds`, `selection.exclude`, the grid's `edits`, the queue's
 * `itemIds`, the shipments' `receiptIds`.
 */
const LISTING_LISTS = new Set(["listingIds", "exclude", "edits", "itemIds", "receiptIds"]);

function fieldErrorsOf(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path.at(-1) ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

export function sellerAction<S extends z.ZodType, T>(
  verb: Parameters<typeof describeFailure>[1],
  schema: S,
  run: (
    input: z.infer<S>,
    context: { seller: SignedInSeller; marketplace: Marketplace },
  ) => Promise<Result<T> | Refusal>,
) {
  return async (raw: unknown): Promise<ActionResult<T>> => {
    const seller = await sessionSeller();
    if (databaseDown(seller)) return { ok: false, formError: DATABASE_DOWN };
    if (!seller || seller.error) {
      const reason = signInReason(seller) ?? "session-ended";
      return {
        ok: false,
        reauth: true,
        signIn: reason,
        formError: reason === "expired" ? describeFailure({ kind: "reauth" }, verb) : DASHBOARD_SIGN_IN_ENDED,
      };
    }
    if (seller.shopId === null)
      return { ok: false, formError: "Your marketplace account has no shop, so there are no listings to change." };
    const parsed = schema.safeParse(raw);
    // More listings than one request may name is the whole request's problem, said in the bound's own sentence.
    const overBound = parsed.error?.issues.find(
      (issue) => issue.code === "too_big" && LISTING_LISTS.has(String(issue.path.at(-1))),
    );
    if (overBound) return { ok: false, formError: overBound.message };
    if (!parsed.success)
      return {
        ok: false,
        fieldErrors: fieldErrorsOf(parsed.error),
        formError: "Some fields need attention: see the message next to each one.",
      };
    let result: Awaited<ReturnType<typeof run>>;
    try {
      result = await run(parsed.data, {
        seller: { ...seller, shopId: seller.shopId },
        marketplace: await marketplace(),
      });
    } catch (error) {
      if (!isDatabaseUnreachable(error)) throw error;
      return { ok: false, formError: DATABASE_LOST };
    }
    if (result.ok) return { ok: true, data: result.data };
    if ("refusal" in result)
      return {
        ok: false,
        formError: result.refusal,
        ...(result.changedSince && { changedSince: result.changedSince }),
        ...(result.missingScope && { missingScope: true }),
      };
    const { failure } = result;
    const formError = describeFailure(failure, verb);
    if (failure.kind === "reauth" || failure.kind === "invalid_token") return { ok: false, reauth: true, formError };
    if (failure.kind === "insufficient_scope") return { ok: false, missingScope: true, formError };
    if (failure.kind === "timeout") return { ok: false, unconfirmed: true, formError };
    if (failure.kind === "rate_limited") return { ok: false, retryAfter: failure.retryAfter, formError };
    if (failure.kind === "unavailable") return { ok: false, unavailable: true, formError };
    const wireField = failure.kind === "invalid" ? failure.field?.split(".").at(-1) : undefined;
    const field = wireField && FORM_FIELDS[wireField];
    return field && failure.kind === "invalid"
      ? { ok: false, formError, fieldErrors: { [field]: failure.message.replace(/^[^:]+: /, "") } }
      : { ok: false, formError };
  };
}
