import { execFileSync } from "node:child_process";
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const securityHeaders = [
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Content-Type-Options", value: "nosniff" },
  // Content-Security-Policy carries a nonce per request and Strict-Transport-Security depends on AUTH_URL at run time,
  // so proxy.ts sends both.
];

// Lets parallel builds (a benchmark beside a test run) use their own output folder.
const distDir = process.env.NEXT_DIST_DIR || ".next";

/**
 * The key Next seals server-action arguments with and salts their ids with, taken at build time (docs/deploy.md,
 * "Rolling a new version"): NEXT_SERVER_ACTIONS_ENCRYPTION_KEY, or one derived from AUTH_SECRET, so that two builds
 * of one release line give an unchanged action the same id. Without either, Next's own key of this build folder.
 */
export function serverActionsKey(env = process.env) {
  const given = env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY;
  if (given) {
    if (![16, 24, 32].includes(Buffer.from(given, "base64").length) || !/^[A-Za-z0-9+/]+=*$/.test(given))
      throw new Error(
        "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY must be 16, 24 or 32 bytes in base64 (e.g. `openssl rand -base64 32`): fix it, or unset it to derive the key from AUTH_SECRET.",
      );
    return given;
  }
  if (!env.AUTH_SECRET) return undefined;
  return createHmac("sha256", env.AUTH_SECRET).update("next-server-actions-encryption-key").digest("base64");
}

function gitCommit() {
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { stdio: ["ignore", "pipe", "ignore"] })
      .toString()
      .trim();
  } catch {
    return "no-git";
  }
}

/** This build's deployment id: NEXT_DEPLOYMENT_ID, or the package version, the git commit and the build time. */
function newDeploymentId() {
  const { version } = JSON.parse(readFileSync(new URL("./package.json", import.meta.url), "utf8"));
  // Next allows letters, digits, "-" and "_" only.
  return `v${version.replaceAll(".", "_")}-${gitCommit()}-${Date.now().toString(36)}`;
}

/** The deployment id a finished build in `folder` was given; `next start` serves under it. */
export function deploymentIdOf(folder = distDir) {
  try {
    const { config } = JSON.parse(readFileSync(join(folder, "required-server-files.json"), "utf8"));
    return typeof config?.deploymentId === "string" && config.deploymentId !== "" ? config.deploymentId : undefined;
  } catch {
    return undefined;
  }
}

/** @type {(phase: string) => import('next').NextConfig} */
export default function nextConfig(phase) {
  let deploymentId;
  if (phase === "phase-production-build") {
    const key = serverActionsKey();
    if (key) process.env.NEXT_SERVER_ACTIONS_ENCRYPTION_KEY = key;
    else if (!process.env.DASHBOARD_BUILD_KEY_NOTED) {
      process.env.DASHBOARD_BUILD_KEY_NOTED = "1";
      console.warn(
        "Neither AUTH_SECRET nor NEXT_SERVER_ACTIONS_ENCRYPTION_KEY is set for this build, so its server actions get ids of their own: pages of another build will ask sellers to reload. Set one of them when building for a rolling deploy (docs/deploy.md).",
      );
    }
    // Next reads this variable too, and the build's workers inherit it, so every part of one build has one id.
    process.env.NEXT_DEPLOYMENT_ID ||= newDeploymentId();
    deploymentId = process.env.NEXT_DEPLOYMENT_ID;
  } else if (phase === "phase-production-server") {
    deploymentId = process.env.NEXT_DEPLOYMENT_ID || deploymentIdOf();
  }
  return {
    poweredByHeader: false,
    distDir,
    deploymentId,
    serverExternalPackages: ["better-sqlite3", "pg", "prom-client", "typescript", "@resvg/resvg-js"],
    experimental: {
      // Next's default, spelled out because proxy.ts refuses larger bodies by their Content-Length (ACTION_BODY_LIMIT in
      // lib/security/refusals.ts). Server actions keep Next's same-origin check: HAProxy passes the Host through.
      serverActions: { bodySizeLimit: "1mb" },
    },
    async headers() {
      return [{ source: "/:path*", headers: securityHeaders }];
    },
  };
}
