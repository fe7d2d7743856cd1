const production = process.env.NODE_ENV === "production";

const securityHeaders = [
  {
    key: "Content-Security-Policy",
    value: [
      "default-src 'self'",
      // Next's hydration runs inline scripts; nothing is loaded from another origin.
      "script-src 'self' 'unsafe-inline'" + (production ? "" : " 'unsafe-eval'"),
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data:",
      "connect-src 'self'",
      "frame-ancestors 'none'",
      "base-uri 'self'",
      "object-src 'none'",
    ].join("; "),
  },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Strict-Transport-Security depends on AUTH_URL at run time, so proxy.ts sends it.
];

/** @type {import('next').NextConfig} */
const nextConfig = {
  poweredByHeader: false,
  // Lets parallel builds (a benchmark beside a test run) use their own output folder.
  distDir: process.env.NEXT_DIST_DIR || ".next",
  serverExternalPackages: ["better-sqlite3", "pg", "prom-client"],
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;
