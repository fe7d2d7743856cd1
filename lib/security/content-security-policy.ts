/**
 * A fresh nonce per request lets Next's own scripts run (Next reads it from the request's CSP header while rendering)
 * and nothing else inline: an injected <script> has no nonce. 'strict-dynamic' lets those scripts load their chunks.
 * Styles keep 'unsafe-inline', which Next's inline style tags need; a nonce in style-src would switch it off.
 */
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
