// A fresh nonce per request lets Next's own scripts run and no injected one; 'strict-dynamic' lets them load their
// chunks. Styles keep 'unsafe-inline' for Next's inline style tags (a nonce in style-src would switch it off).
export function contentSecurityPolicy(nonce: string, development = process.env.NODE_ENV === "development") {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${development ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
}

export const newNonce = () => Buffer.from(crypto.getRandomValues(new Uint8Array(18))).toString("base64");
