/** docs/marketplace.md §2.6, in the plain words the consent page shows. */
export const SCOPES: Record<string, string> = {
  address_r: "Read your shipping addresses",
  address_w: "Update and delete your shipping addresses",
  email_r: "Read your user profile",
  listings_d: "Delete your listings",
  listings_r: "Read your inactive and expired (non-public) listings",
  listings_w: "Create and edit your listings",
  profile_r: "Read your private profile information",
  profile_w: "Update your private profile information",
  shops_r: "See your shop's description, messages and sections, even if not public",
  shops_w: "Update your shop's description, messages and sections",
  transactions_r: "Read your purchase and sales data",
  transactions_w: "Update your sales data",
};

/** docs/marketplace.md §15: scopes of the v3 API no longer granted since 2026-08-12; only the 12 above are. */
export const WITHDRAWN_SCOPES = [
  "billing_r",
  "cart_r",
  "cart_w",
  "favorites_r",
  "favorites_w",
  "feedback_r",
  "recommend_r",
  "recommend_w",
] as const;

export const isGranted = (scope: string) => Object.hasOwn(SCOPES, scope);

/** Why a scope cannot be granted, in the words of an OAuth error_description; undefined when it can be. */
export function scopeRefusal(scope: string): string | undefined {
  if (isGranted(scope)) return undefined;
  return (WITHDRAWN_SCOPES as readonly string[]).includes(scope)
    ? `scope ${scope} is no longer granted (withdrawn on 2026-08-12)`
    : `unknown scope: ${scope}`;
}

/** docs/marketplace.md §5.6: v2 combined scopes split in v3; some v2 scopes are not carried over at all. */
const V2_SPLITS: Record<string, string[]> = {
  favorites_rw: ["favorites_r", "favorites_w"],
  shops_rw: ["shops_r", "shops_w"],
  cart_rw: ["cart_r", "cart_w"],
  recommend_rw: ["recommend_r", "recommend_w"],
};
const V2_DROPPED = new Set(["collection_rw", "page_collection_rw", "activity_r", "treasury_r", "treasury_w"]);

export const V2_SCOPES = new Set([...Object.keys(SCOPES), ...Object.keys(V2_SPLITS), ...V2_DROPPED]);

/** docs/marketplace.md §5.6's split, less what is no longer granted (§15). */
export function v3ScopesOfLegacy(v2Scopes: string[]): string[] {
  const split = v2Scopes.flatMap((scope) => V2_SPLITS[scope] ?? (V2_DROPPED.has(scope) ? [] : [scope]));
  return [...new Set(split.filter(isGranted))];
}

export const parseScopeList = (value: string) => value.split(" ").filter(Boolean);
