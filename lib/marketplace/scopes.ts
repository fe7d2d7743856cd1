export const REQUESTED_SCOPES = ["listings_r", "listings_w", "shops_r", "transactions_r", "transactions_w"] as const;

export const canReadOrders = (scopes: readonly string[]) => scopes.includes("transactions_r");

/** Marking orders shipped on the marketplace (docs/marketplace.md §16.6). */
export const canShip = (scopes: readonly string[]) => scopes.includes("transactions_w");

/** How the marketplace's consent page names the permissions the dashboard needs (docs/marketplace.md §2.6). */
export const PERMISSION_NAMES = {
  listings_r: "Read your inactive and expired (non-public) listings",
  listings_w: "Create and edit your listings",
  shops_r: "See your shop's description, messages and sections, even if not public",
  transactions_w: "Update your sales data",
} as const;

export const canEdit = (scopes: readonly string[]) => scopes.includes("listings_w");
