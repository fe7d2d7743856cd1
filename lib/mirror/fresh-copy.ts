import "server-only";
import { env } from "../env";
import { mirrorMode } from "./background";
import type { MirrorShop } from "./mirror-store";

// With webhooks on, every change the marketplace makes to a listing is announced, so the kept copy is the shop as it
// is: a view reads nothing. A copy nothing has refreshed for this long is read again by the next view, so that an
// endpoint the marketplace stopped delivering to (docs/marketplace.md §14.4) cannot leave the views stale for longer.
export const KEPT_FRESH_MS = 15 * 60_000;

export function keptCopyFresh(shop: MirrorShop | null, now = Date.now()): boolean {
  return (
    mirrorMode() === "webhooks" &&
    shop?.status === "filled" &&
    shop.syncedAt !== null &&
    now - shop.syncedAt < KEPT_FRESH_MS
  );
}

// With MARKETPLACE_PERSONALIZATION=auto the period is learnt from the marketplace's answers (docs/marketplace.md §17),
// so a page's own read of its listings is also what tells the period: those pages read as before.
export const keptCopyWillDo = () => env().MARKETPLACE_PERSONALIZATION !== "auto";
