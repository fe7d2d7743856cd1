import type { IncomingMessage, ServerResponse } from "node:http";
import { contentSecurityPolicy, newNonce } from "./content-security-policy";

// HSTS is a run-time decision: one build serves both http://localhost and an https deployment. Read once, at start.
const strictTransport = () =>
  process.env.NODE_ENV === "production" && (process.env.AUTH_URL ?? "").startsWith("https://");

/**
 * A fresh CSP nonce per request, on the response and on the request itself: Next takes the nonce for its own scripts
 * from the request's CSP header while it renders (a CSP header the client sent is replaced, never trusted).
 */
export function securityHeaders(): (request: IncomingMessage, response: ServerResponse) => void {
  const hsts = strictTransport();
  return (request, response) => {
    const csp = contentSecurityPolicy(newNonce());
    request.headers["content-security-policy"] = csp;
    delete request.headers["content-security-policy-report-only"];
    response.setHeader("content-security-policy", csp);
    if (hsts) response.setHeader("strict-transport-security", "max-age=63072000; includeSubDomains");
  };
}
