// A fresh nonce per request lets Next's own scripts run and no injected one; 'strict-dynamic' lets them load their
// chunks. Styles keep 'unsafe-inline' for Next's inline style tags (a nonce in style-src would switch it off).
export function contentSecurityPolicy(
  nonce: string,
  imageOrigin: string | null = null,
  development = process.env.NODE_ENV === "development",
) {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data:${imageOrigin ? ` ${imageOrigin}` : ""}`,
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export const newNonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");

/** The origin of MARKETPLACE_IMAGE_URL, or else of MARKETPLACE_API_URL (the sandbox serves its images itself). */
export function marketplaceImageOrigin(settings: Record<string, string | undefined> = process.env): string | null {
  const url = settings.MARKETPLACE_IMAGE_URL || settings.MARKETPLACE_API_URL;
  if (!url || !URL.canParse(url)) return null;
  const { origin } = new URL(url);
  return origin === "null" ? null : origin;
}
