import { Hono } from "hono";
import { getCookie, setCookie, deleteCookie } from "hono/cookie";
import { jsonError, type AppRow, type Ctx, type SandboxEnv } from "../http.js";
import { randomId, safeEqual, sha256, verifyPassword } from "../crypto.js";
import { CODE_TTL } from "../state.js";
import { parseScopeList, scopeRefusal } from "../scopes.js";
import { consentPage, errorPage, signInPage } from "./pages.js";

const INTERACTION_COOKIE = "sandbox_interaction";
const INTERACTION_TTL = 1800;
const LOOPBACK_HOSTS = new Set(["localhost", "127.0.0.1", "[::1]"]);

type InteractionRow = {
  interaction_id: string;
  app_id: number;
  redirect_uri: string;
  scopes: string;
  state: string | null;
  code_challenge: string;
  csrf_token: string;
  user_id: number | null;
  created_at: number;
};

/** docs/marketplace.md §5.5.5: https, or http on a loopback host unless --strict-https. */
function allowedScheme(uri: string, strict: boolean) {
  if (uri.startsWith("https://")) return true;
  if (strict || !uri.startsWith("http://")) return false;
  try {
    return LOOPBACK_HOSTS.has(new URL(uri).hostname);
  } catch {
    return false;
  }
}

/** RFC 6749 4.1.2: state goes back exactly as sent, even when empty; only an absent state is left out. */
function redirectWith(c: Ctx, redirectUri: string, params: Record<string, string | null | undefined>) {
  const url = new URL(redirectUri);
  for (const [key, value] of Object.entries(params))
    if (value !== undefined && value !== null) url.searchParams.set(key, value);
  return c.redirect(url.toString(), 302);
}

/** docs/marketplace.md §2.5 and §7.1: every fault after the redirect URI is trusted goes back to the app. */
function redirectError(
  c: Ctx,
  redirectUri: string,
  error: string,
  description: string,
  state: string | null | undefined,
) {
  c.set("logNote", { error: `${error}: ${description}` });
  return redirectWith(c, redirectUri, { error, error_description: description, state });
}

/** The interaction named by the form, bound to this browser by its cookie, with the form's CSRF token (double-submit). */
async function formInteraction(c: Ctx) {
  const form = await c.req.parseBody({ all: true });
  const field = (name: string) => (typeof form[name] === "string" ? (form[name] as string) : "");
  const id = field("interaction");
  const cookie = getCookie(c, INTERACTION_COOKIE) ?? "";
  const state = c.get("state");
  const row = id
    ? (state.db.prepare("SELECT * FROM interactions WHERE interaction_id = ?").get(id) as InteractionRow | undefined)
    : undefined;
  if (!row || !safeEqual(cookie, id) || !safeEqual(field("csrf"), row.csrf_token)) {
    c.set("logNote", { error: "csrf: form token or interaction cookie missing or wrong" });
    const refused = errorPage(
      c,
      "This form could not be accepted",
      "The form did not come from this sign-in page (its security token or cookie is missing or wrong). Go back to the application and sign in again.",
      403,
    );
    return { refused } as const;
  }
  if (row.created_at + INTERACTION_TTL <= state.now()) {
    return {
      refused: errorPage(
        c,
        "This sign-in has expired",
        "The sign-in request is more than 30 minutes old. Go back to the application and sign in again.",
      ),
    } as const;
  }
  const app = state.db.prepare("SELECT * FROM apps WHERE app_id = ?").get(row.app_id) as AppRow;
  return { row, app, form, field } as const;
}

export function authorizeRoutes() {
  const routes = new Hono<SandboxEnv>();

  // GET {auth_url}/oauth/connect (docs/marketplace.md §4.4, §5.5)
  routes.get("/connect", (c) => {
    const state = c.get("state");
    const query = c.req.query();
    const app = query.client_id ? state.app(query.client_id) : undefined;
    if (!app)
      return errorPage(
        c,
        "Unknown application",
        "The client_id in this link does not belong to any application registered with the marketplace.",
      );
    c.set("apiApp", app);
    const redirectUri = query.redirect_uri;
    const registered = JSON.parse(app.redirect_uris) as string[];
    if (!redirectUri || !registered.includes(redirectUri)) {
      return errorPage(
        c,
        "Redirect address not registered",
        `The redirect_uri ${redirectUri ? `"${redirectUri}"` : "(missing)"} does not exactly match an address registered for ${app.name}.`,
      );
    }
    if (!allowedScheme(redirectUri, state.options.strictHttps)) {
      return errorPage(
        c,
        "Redirect address must use https",
        `The redirect_uri "${redirectUri}" must start with https://${state.options.strictHttps ? "" : " (http:// is allowed only for localhost, 127.0.0.1 and [::1])"}.`,
      );
    }
    const sentState = query.state;
    const fail = (error: string, description: string) => redirectError(c, redirectUri, error, description, sentState);
    if (!query.response_type) return fail("invalid_request", "response_type is required");
    if (query.response_type !== "code") return fail("unsupported_response_type", "response_type must be code");
    if (!query.scope) return fail("invalid_request", "scope is required");
    const scopes = parseScopeList(query.scope);
    const refused = scopes.map(scopeRefusal).find((refusal) => refusal !== undefined);
    if (scopes.length === 0 || refused) return fail("invalid_scope", refused ?? "unknown scope: (empty)");
    if (!query.code_challenge) return fail("invalid_request", "code_challenge is required");
    if (!/^[A-Za-z0-9_-]{43}$/.test(query.code_challenge))
      return fail("invalid_request", "code_challenge must be the 43-character base64url SHA-256 of the code verifier");
    if (query.code_challenge_method !== "S256") return fail("invalid_request", "code_challenge_method must be S256");
    if (sentState !== undefined && sentState === "")
      return fail("invalid_request", "state must not be empty when present");

    const interaction = randomId();
    const csrf = randomId();
    state.db
      .prepare(
        "INSERT INTO interactions (interaction_id, app_id, redirect_uri, scopes, state, code_challenge, csrf_token, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        interaction,
        app.app_id,
        redirectUri,
        [...new Set(scopes)].join(" "),
        sentState ?? null,
        query.code_challenge,
        csrf,
        state.now(),
      );
    setCookie(c, INTERACTION_COOKIE, interaction, { httpOnly: true, sameSite: "Lax", path: `${state.base}/oauth` });
    return signInPage(c, { appName: app.name, interaction, csrf });
  });

  routes.post("/sign-in", async (c) => {
    const found = await formInteraction(c);
    if ("refused" in found) return found.refused;
    const { row, app, field } = found;
    const state = c.get("state");
    const email = field("email").trim();
    const user = state.db
      .prepare("SELECT user_id, password_hash FROM users WHERE email = ? COLLATE NOCASE")
      .get(email) as { user_id: number; password_hash: string } | undefined;
    if (!user || !verifyPassword(field("password"), user.password_hash)) {
      c.set("logNote", { error: "sign-in: wrong email or password" });
      return signInPage(
        c,
        {
          appName: app.name,
          interaction: row.interaction_id,
          csrf: row.csrf_token,
          email,
          error: "That email and password do not match a marketplace account. Check them and try again.",
        },
        401,
      );
    }
    state.db
      .prepare("UPDATE interactions SET user_id = ? WHERE interaction_id = ?")
      .run(user.user_id, row.interaction_id);
    return c.redirect(`${state.base}/oauth/consent?interaction=${encodeURIComponent(row.interaction_id)}`, 303);
  });

  routes.get("/consent", (c) => {
    const state = c.get("state");
    const id = c.req.query("interaction") ?? "";
    const row = state.db.prepare("SELECT * FROM interactions WHERE interaction_id = ?").get(id) as
      InteractionRow | undefined;
    if (!row || row.user_id === null || !safeEqual(getCookie(c, INTERACTION_COOKIE) ?? "", id)) {
      return errorPage(
        c,
        "No sign-in in progress",
        "Start again from the application: this consent page belongs to a sign-in that is not in this browser.",
      );
    }
    const app = state.db.prepare("SELECT name FROM apps WHERE app_id = ?").get(row.app_id) as { name: string };
    const email = state.db.prepare("SELECT email FROM users WHERE user_id = ?").pluck().get(row.user_id) as string;
    return consentPage(c, {
      appName: app.name,
      interaction: row.interaction_id,
      csrf: row.csrf_token,
      email,
      scopes: parseScopeList(row.scopes),
    });
  });

  routes.post("/consent", async (c) => {
    const found = await formInteraction(c);
    if ("refused" in found) return found.refused;
    const { row, form, field } = found;
    const deny = (description: string) => redirectError(c, row.redirect_uri, "access_denied", description, row.state);
    if (row.user_id === null)
      return errorPage(
        c,
        "Sign in first",
        "This consent form was sent before signing in. Go back to the application and sign in again.",
      );
    const state = c.get("state");
    state.db.prepare("DELETE FROM interactions WHERE interaction_id = ?").run(row.interaction_id);
    deleteCookie(c, INTERACTION_COOKIE, { path: `${state.base}/oauth` });
    if (field("decision") !== "allow") return deny("The user denied access to the application.");
    const checked = new Set([form.scope].flat().filter((value): value is string => typeof value === "string"));
    const granted = parseScopeList(row.scopes).filter((scope) => checked.has(scope));
    if (granted.length === 0) return deny("The user granted none of the requested scopes.");
    const code = randomId(32);
    state.db
      .prepare(
        `INSERT INTO codes (code_hash, app_id, user_id, scopes, redirect_uri, code_challenge, expires_at)
         VALUES (@code_hash, @app_id, @user_id, @scopes, @redirect_uri, @code_challenge, @expires_at)`,
      )
      .run({ ...row, code_hash: sha256(code), scopes: granted.join(" "), expires_at: state.now() + CODE_TTL });
    return redirectWith(c, row.redirect_uri, { code, state: row.state });
  });

  routes.all("*", (c) => jsonError(c, 404, `No page ${c.req.path} on the sandbox's authorization server.`));
  return routes;
}
