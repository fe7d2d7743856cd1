const securityHeaders = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Content-Security-Policy carries a nonce per request and Strict-Transport-Security depends on AUTH_URL at run time,
  // so proxy.ts sends both.
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Lets parallel builds (a benchmark beside a test run) use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["better-sqlite3", "pg", "prom-client"],
  experimental: {
    // Next's default, spelled out because proxy.ts refuses larger bodies by their Content-Length (ACTION_BODY_LIMIT in
    // lib/security/refusals.ts). Server actions keep Next's same-origin check: HAProxy passes the Host through.
    serverActions: { bodySizeLimit: "1mb" },
  },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
