import "server-only";
import NextAuth, { customFetch, type NextAuthConfig } from "next-auth";
import { headers } from "next/headers";
import type { OAuthConfig } from "next-auth/providers";
import { db } from "../db";
import { tokenStore } from "../tokens/token-store";
import { endSession, liveSeller, sessionMaxAgeSeconds, sessions, type SellerClaims } from "./sessions";

export type { SellerClaims };
import { REQUESTED_SCOPES } from "../marketplace/scopes";
import { marketplaceConfig, type MarketplaceConfig, type Pacer } from "../marketplace/config";
import { sharedPacer } from "../marketplace/shared-pacer";
import { marketplaceFetch } from "../marketplace/transport";
import { shopWire } from "../marketplace/wire";
import { noteShopCurrency } from "../marketplace/shop-currencies";
import { signedInUser } from "../marketplace/oauth";

type MarketplaceProfile = { user_id: number; shop_id?: number; missingScope?: true };

declare module "next-auth" {
  interface Session {
    seller?: SellerClaims;
  }
}

const globalForSignIn = globalThis as unknown as { signInPacer?: Promise<Pacer> };

/** A sign-in's requests (the code's exchange, the seller and shop reads) go through the app's shared pacer, a seller's own. */
function signInPacer(): Promise<Pacer> {
  globalForSignIn.signInPacer ??= db()
    .then((database) => sharedPacer(database, { foreground: true }))
    .catch((error: unknown) => {
      globalForSignIn.signInPacer = undefined;
      throw error;
    });
  return globalForSignIn.signInPacer;
}

const pacedConfig = async (config: MarketplaceConfig): Promise<MarketplaceConfig> => ({
  ...config,
  pacer: await signInPacer(),
});

/** next-auth's own request, the token endpoint's: paced too, and not sent while the database is known to be down. */
const pacedFetch: typeof fetch = async (...request) => {
  await (await signInPacer()).beforeRequest();
  return fetch(...request);
};

function marketplaceProvider(config: MarketplaceConfig): OAuthConfig<MarketplaceProfile> {
  return {
    id: "marketplace",
    name: "the marketplace",
    type: "oauth",
    clientId: config.keystring,
    client: { token_endpoint_auth_method: "none" },
    checks: ["pkce", "state"],
    [customFetch]: pacedFetch,
    authorization: { url: `${config.authUrl}/oauth/connect`, params: { scope: REQUESTED_SCOPES.join(" ") } },
    token: `${config.apiUrl}/v3/public/oauth/token`,
    userinfo: {
      url: `${config.apiUrl}/v3/application/users/me`,
      async request({ tokens }: { tokens: { access_token?: string } }) {
        const me = await signedInUser(await pacedConfig(config), tokens.access_token);
        if (!me.ok && me.failure.kind === "insufficient_scope") return { user_id: 0, missingScope: true };
        if (!me.ok) throw new Error(`getMe failed: ${me.failure.kind}`);
        return me.data;
      },
    },
    profile: (profile) => ({ id: String(profile.user_id) }),
  };
}

async function shopName(config: MarketplaceConfig, shopId: number | undefined) {
  if (shopId === undefined) return null;
  const shop = await marketplaceFetch(await pacedConfig(config), {
    operation: "getShop",
    path: `/v3/application/shops/${shopId}`,
    schema: shopWire,
  });
  if (!shop.ok) return null;
  noteShopCurrency(shopId, shop.data.currency_code);
  return shop.data.shop_name;
}

function authConfig(): NextAuthConfig {
  const config = marketplaceConfig();
  return {
    providers: [marketplaceProvider(config)],
    session: { strategy: "jwt", maxAge: sessionMaxAgeSeconds() },
    pages: { signIn: "/sign-in", error: "/sign-in" },
    callbacks: {
      signIn: ({ profile }) =>
        (profile as MarketplaceProfile | undefined)?.missingScope ? "/sign-in?reason=shop-scope" : true,
      async jwt({ token, account, profile }) {
        if (account) {
          const me = profile as unknown as MarketplaceProfile;
          const scopes = (account.scope ?? "").split(" ").filter(Boolean);
          await tokenStore(await db()).save({
            userId: me.user_id,
            accessToken: account.access_token ?? "",
            refreshToken: account.refresh_token ?? "",
            accessExpiresAt: (account.expires_at ?? 0) * 1000,
            scopes,
          });
          const seller: SellerClaims = {
            userId: me.user_id,
            shopId: me.shop_id ?? null,
            shopName: await shopName(config, me.shop_id),
            scopes,
          };
          const sid = await (await sessions()).create(me.user_id, (await headers()).get("user-agent"));
          return { sub: String(me.user_id), seller, sid };
        }
        const seller = await liveSeller(token);
        return seller ? { ...token, seller } : token;
      },
      session({ session, token }) {
        const seller = token.seller as SellerClaims | undefined;
        return {
          ...session,
          user: {
            ...session.user,
            id: token.sub ?? "",
            name: seller?.shopName ?? null,
            email: null as unknown as string,
          },
          seller,
        };
      },
    },
    events: {
      async signOut(message) {
        const token = "token" in message ? message.token : null;
        const seller = token?.seller as SellerClaims | undefined;
        if (seller) await endSession(typeof token?.sid === "string" ? token.sid : undefined, seller.userId);
      },
    },
  };
}

export const { handlers, auth, signIn, signOut } = NextAuth(authConfig);
