/** What the dashboard asks for: read listings, write personalization, read the shop (getMe needs shops_r). */
export const REQUESTED_SCOPES = ["listings_r", "listings_w", "shops_r"] as const;

export const canEdit = (scopes: readonly string[]) => scopes.includes("listings_w");

const SAME_ORIGIN = "https://dashboard.invalid";

/**
 * Only same-site paths: a callbackUrl can never send the seller to another origin. The path is judged as a browser
 * reads it (tabs and newlines dropped, a backslash read as a slash: "/\t/evil.example" is "//evil.example"), and the
 * normalized path is what goes on, unless dot segments made it protocol-relative ("/.//evil.example").
 */
export function safeCallbackPath(value: unknown, fallback = "/listings"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  const url = URL.parse(value, SAME_ORIGIN);
  const path = url ? `${url.pathname}${url.search}${url.hash}` : "//";
  return url?.origin === SAME_ORIGIN && !path.startsWith("//") ? path : fallback;
}
