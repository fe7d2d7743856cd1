import type { TokenStore } from "../../lib/tokens/token-store.js";
import type { MarketplaceConfig } from "../../lib/marketplace/config.js";
import type { RunningSandbox } from "../../sandbox/server.js";
import { DEMO_APP } from "../../sandbox/store/seed.js";
import { forgetAnswers } from "../../sandbox/store/listing-cache.js";
import { issueTokensFor } from "./sandbox.js";

/** The dashboard's marketplace settings for a test sandbox, as its demo app, with short waits. */
export const sandboxMarketplaceConfig = (
  url: string,
  overrides: Partial<MarketplaceConfig> = {},
): MarketplaceConfig => ({
  apiUrl: url,
  authUrl: url,
  keystring: DEMO_APP.keystring,
  sharedSecret: DEMO_APP.shared_secret,
  timeoutMs: 2000,
  maxRetryWaitMs: 2000,
  ...overrides,
});

/** The seller signed in as far as the dashboard's token store knows: fresh tokens from the sandbox, good for an hour. */
export async function storeSellerTokens(store: TokenStore, sandboxUrl: string, userId: number, scopes: string[]) {
  const tokens = await issueTokensFor(sandboxUrl, { user_id: userId, scopes });
  await store.save({
    userId,
    accessToken: tokens.access_token,
    refreshToken: tokens.refresh_token,
    accessExpiresAt: Date.now() + tokens.expires_in * 1000,
    scopes,
  });
  return tokens;
}

/** `count` optional text questions as the marketplace stores them: more than the single-question editor can show. */
export const textQuestions = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    question_id: index + 1,
    question_type: "text_input",
    question_text: `Question ${index + 1}`,
    instructions: null,
    required: false,
    max_allowed_characters: 10,
    max_allowed_files: null,
    options: null,
  }));

/** Puts `questions` on a listing straight in the sandbox's store, bypassing the API's rules of the current period. */
export function storeQuestions(sandbox: Pick<RunningSandbox, "state">, listingId: number, questions: unknown[]) {
  sandbox.state.db
    .prepare("UPDATE listings SET questions = ?, is_personalizable = 1 WHERE listing_id = ?")
    .run(JSON.stringify(questions), listingId);
  forgetAnswers(sandbox.state.db);
}
