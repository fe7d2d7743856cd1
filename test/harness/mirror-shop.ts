// Tests only: a sandbox seller signed in to a dashboard database, and changes made to their listings by another app.
import { createSeller, issueTokensFor, type CreatedSeller } from "./sandbox";
import { DEMO_APP } from "../../sandbox/store/seed";
import type { Database } from "../../lib/db/database";
import { tokenStore } from "../../lib/tokens/token-store";
import { createMarketplace } from "../../lib/marketplace/client";
import { sandboxMarketplaceConfig, storeSellerTokens } from "./seller-marketplace";

const SCOPES = ["listings_r", "listings_w", "shops_r"];

const mirrorConfig = (sandboxUrl: string) =>
  sandboxMarketplaceConfig(sandboxUrl, { timeoutMs: 3000, maxRetryWaitMs: 1000 });

export const MIRROR_TABLES = [
  "mirror_shops",
  "mirror_listings",
  "outside_changes",
  "webhook_deliveries",
  "personalization_history",
  "seller_tokens",
];

/** A new seller with `listings` listings whose tokens the dashboard holds, and the dashboard's client for the sandbox. */
export async function signedInSeller(sandboxUrl: string, db: Database, listings: number) {
  const seller = await createSeller(sandboxUrl, { listings });
  await signInSeller(sandboxUrl, db, seller);
  const marketplace = createMarketplace(mirrorConfig(sandboxUrl), tokenStore(db));
  return { seller, changer: { userId: seller.user_id, shopId: seller.shop_id! }, marketplace };
}

/** An existing sandbox seller (a demo seller) signed in to the dashboard, with the client's settings for a plan runner. */
export async function signedInAs(sandboxUrl: string, db: Database, seller: Omit<CreatedSeller, "listing_ids">) {
  await signInSeller(sandboxUrl, db, { ...seller, listing_ids: [] });
  const config = mirrorConfig(sandboxUrl);
  return { config, marketplace: createMarketplace(config, tokenStore(db)) };
}

export async function signInSeller(sandboxUrl: string, db: Database, seller: CreatedSeller) {
  await storeSellerTokens(tokenStore(db), sandboxUrl, seller.user_id, SCOPES);
}

/** A change made by another app of the marketplace (not this dashboard): one optional text question. */
export async function outsideEdit(sandboxUrl: string, seller: CreatedSeller, listingId: number, instructions: string) {
  const tokens = await issueTokensFor(sandboxUrl, { user_id: seller.user_id, scopes: SCOPES });
  const response = await fetch(
    `${sandboxUrl}/v3/application/shops/${seller.shop_id}/listings/${listingId}/personalization`,
    {
      method: "POST",
      headers: {
        "x-api-key": `${DEMO_APP.keystring}:${DEMO_APP.shared_secret}`,
        authorization: `Bearer ${tokens.access_token}`,
        "content-type": "application/json",
      },
      body: JSON.stringify({
        personalization_questions: [
          {
            question_type: "text_input",
            question_text: "Personalization",
            instructions,
            required: false,
            max_allowed_characters: 30,
          },
        ],
      }),
    },
  );
  if (response.status !== 201) throw new Error(`outside edit answered ${response.status}: ${await response.text()}`);
}
