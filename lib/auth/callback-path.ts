const SAME_ORIGIN = "https://dashboard.invalid";

export function safeCallbackPath(value: unknown, fallback = "/listings"): string {
  if (typeof value !== "string" || !value.startsWith("/")) return fallback;
  const url = URL.parse(value, SAME_ORIGIN);
  const path = url ? `${url.pathname}${url.search}${url.hash}` : "//";
  return url?.origin === SAME_ORIGIN && !path.startsWith("//") ? path : fallback;
}
