// npm run exchange-token -- <legacy OAuth 1.0 token>: runs the token_exchange grant (spec 4.4) and keeps the seller's new
// OAuth 2.0 tokens in the dashboard's token store, so a seller of an older integration stays connected.
import nextEnv from "@next/env";
import { openDatabase } from "../lib/db/database";
import { tokenStore } from "../lib/auth/token-store";
import { exchangeLegacyToken } from "../lib/marketplace/oauth";
import type { MarketplaceConfig } from "../lib/marketplace/config";

export async function exchangeAndStore(config: MarketplaceConfig, databaseLocation: string, legacyToken: string) {
  const exchanged = await exchangeLegacyToken(config, legacyToken);
  if (!exchanged.ok) return exchanged;
  const db = await openDatabase(databaseLocation);
  try {
    const { userId, ...tokens } = exchanged.data;
    await tokenStore(db).save({ userId, ...tokens });
    return { ok: true as const, data: { userId, scopes: tokens.scopes } };
  } finally {
    await db.close();
  }
}

if (process.argv[1]?.endsWith("exchange-token.ts")) {
  nextEnv.loadEnvConfig(process.cwd());
  const legacyToken = process.argv[2] ?? process.env.LEGACY_TOKEN;
  const { MARKETPLACE_API_URL, MARKETPLACE_AUTH_URL, MARKETPLACE_KEYSTRING, MARKETPLACE_SHARED_SECRET, DATABASE_URL, DASHBOARD_DB } = process.env;
  if (!legacyToken || !MARKETPLACE_API_URL || !MARKETPLACE_KEYSTRING || !MARKETPLACE_SHARED_SECRET) {
    console.error("Usage: npm run exchange-token -- <legacy token>, with MARKETPLACE_API_URL, MARKETPLACE_KEYSTRING and MARKETPLACE_SHARED_SECRET set (see .env.example).");
    process.exit(2);
  }
  const config = { apiUrl: MARKETPLACE_API_URL.replace(/\/+$/, ""), authUrl: MARKETPLACE_AUTH_URL ?? MARKETPLACE_API_URL, keystring: MARKETPLACE_KEYSTRING, sharedSecret: MARKETPLACE_SHARED_SECRET, timeoutMs: 10_000, maxRetryWaitMs: 3000 };
  const result = await exchangeAndStore(config, DATABASE_URL || DASHBOARD_DB || "data/dashboard.db", legacyToken);
  if (!result.ok) {
    const { failure } = result;
    const detail = failure.kind === "reauth" ? failure.reason : "message" in failure ? failure.message : undefined;
    console.error(`The marketplace did not exchange the token (${failure.kind}${detail ? `: ${detail}` : ""}). Check the legacy token and the app's credentials.`);
    process.exit(1);
  }
  console.log(`Stored OAuth 2.0 tokens for marketplace user ${result.data.userId} with scopes: ${result.data.scopes.join(" ")}`);
}
