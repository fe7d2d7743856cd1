// npm run exchange-token -- <legacy OAuth 1.0 token>: runs the token_exchange grant (docs/marketplace.md §4.4) and keeps the seller's new
// OAuth 2.0 tokens in the dashboard's token store, so a seller of an older integration stays connected.
import { existsSync, readFileSync } from "node:fs";
import nextEnv from "@next/env";
import { openDatabase } from "../lib/db/database";
import { tokenStore } from "../lib/tokens/token-store";
import { exchangeLegacyToken } from "../lib/marketplace/oauth";
import { marketplaceConfig, type MarketplaceConfig } from "../lib/marketplace/config";
import { env } from "../lib/env";
import { DEMO_APP } from "../sandbox/store/seed";

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
  // Tokens are sealed with the dashboard's key: the AUTH_SECRET that `npm start` generated, unless one is configured.
  if (!process.env.TOKEN_ENCRYPTION_KEY && !process.env.AUTH_SECRET && existsSync("data/auth-secret"))
    process.env.AUTH_SECRET = readFileSync("data/auth-secret", "utf8").trim();
  const legacyToken = process.argv[2] ?? process.env.LEGACY_TOKEN;
  if (!legacyToken) {
    console.error(
      "Usage: npm run exchange-token -- <legacy OAuth 1.0 token>. The marketplace and database come from .env (see .env.example); with none configured, the sandbox that `npm start` runs.",
    );
    process.exit(2);
  }
  if (!process.env.MARKETPLACE_API_URL) {
    const sandboxUrl = `http://localhost:${process.env.SANDBOX_PORT ?? 4010}`;
    Object.assign(process.env, {
      MARKETPLACE_API_URL: sandboxUrl,
      MARKETPLACE_AUTH_URL: sandboxUrl,
      MARKETPLACE_KEYSTRING: DEMO_APP.keystring,
      MARKETPLACE_SHARED_SECRET: DEMO_APP.shared_secret,
    });
    console.log(`No marketplace configured: exchanging with the sandbox on ${sandboxUrl} as the demo app.`);
  }
  const settings = env();
  const result = await exchangeAndStore(
    marketplaceConfig(),
    settings.DATABASE_URL || settings.DASHBOARD_DB,
    legacyToken,
  );
  if (!result.ok) {
    const { failure } = result;
    const detail = failure.kind === "reauth" ? failure.reason : "message" in failure ? failure.message : undefined;
    console.error(
      `The marketplace did not exchange the token (${failure.kind}${detail ? `: ${detail}` : ""}). Check the legacy token and the app's credentials.`,
    );
    process.exit(1);
  }
  console.log(
    `Stored OAuth 2.0 tokens for marketplace user ${result.data.userId} with scopes: ${result.data.scopes.join(" ")}`,
  );
}
