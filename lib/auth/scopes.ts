/** What the dashboard asks for: read listings, write personalization, read the shop (getMe needs shops_r). */
export const REQUESTED_SCOPES = ["listings_r", "listings_w", "shops_r"] as const;

export const canEdit = (scopes: readonly string[]) => scopes.includes("listings_w");

/** Only same-site paths: a callbackUrl can never send the seller to another origin. */
export function safeCallbackPath(value: unknown, fallback = "/listings"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//") || value.startsWith("/\\")) return fallback;
  return value;
}
