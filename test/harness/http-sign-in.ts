// A seller's whole sign-in without a browser: dashboard → marketplace sign-in and consent → dashboard callback.
// Returns the dashboard's cookies, so load tests and multi-instance tests act as real signed-in sellers.

type Jar = Map<string, string>;

function keep(jar: Jar, response: Response) {
  for (const cookie of response.headers.getSetCookie()) {
    const [pair] = cookie.split(";");
    const index = pair?.indexOf("=") ?? -1;
    if (!pair || index < 1) continue;
    const value = pair.slice(index + 1);
    if (value === "" || /max-age=0|expires=thu, 01 jan 1970/i.test(cookie)) jar.delete(pair.slice(0, index));
    else jar.set(pair.slice(0, index), value);
  }
}

const header = (jar: Jar) => [...jar].map(([name, value]) => `${name}=${value}`).join("; ");

async function send(jar: Jar, url: string, init: RequestInit = {}) {
  const response = await fetch(url, {
    ...init,
    redirect: "manual",
    headers: { ...(init.headers as Record<string, string>), cookie: header(jar) },
  });
  keep(jar, response);
  return response;
}

const hidden = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? "";

const form = (fields: Record<string, string> | [string, string][]) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded" },
  body: new URLSearchParams(fields).toString(),
});

export type SignedIn = { cookie: string; jar: Jar };

/** A sign-in up to the marketplace's redirect back: `land` follows it to the dashboard's callback, as the browser would. */
export async function signInUpToCallback(
  dashboardUrl: string,
  seller: { email: string; password: string },
  callbackUrl = "/listings",
): Promise<{ land: () => Promise<Response>; jar: Jar }> {
  const dashboard: Jar = new Map();
  const marketplace: Jar = new Map();
  const csrf = (await (await send(dashboard, `${dashboardUrl}/api/auth/csrf`)).json()) as { csrfToken: string };
  const start = await send(
    dashboard,
    `${dashboardUrl}/api/auth/signin/marketplace`,
    form({ csrfToken: csrf.csrfToken, callbackUrl }),
  );
  const connectUrl = start.headers.get("location");
  if (!connectUrl?.includes("/oauth/connect"))
    throw new Error(`sign-in did not go to the marketplace (status ${start.status}, location ${connectUrl})`);
  const signInPage = await (await send(marketplace, connectUrl)).text();
  const origin = new URL(connectUrl).origin;
  const interaction = hidden(signInPage, "interaction");
  const signedIn = await send(
    marketplace,
    `${origin}/oauth/sign-in`,
    form({ interaction, csrf: hidden(signInPage, "csrf"), email: seller.email, password: seller.password }),
  );
  if (signedIn.status !== 303) throw new Error(`the marketplace refused ${seller.email}: ${signedIn.status}`);
  const consentPage = await (await send(marketplace, `${origin}${signedIn.headers.get("location")}`)).text();
  const scopes = [...consentPage.matchAll(/name="scope" value="([^"]+)"/g)].map(
    (match) => ["scope", match[1] as string] as [string, string],
  );
  const allowed = await send(
    marketplace,
    `${origin}/oauth/consent`,
    form([["interaction", interaction], ["csrf", hidden(consentPage, "csrf")], ["decision", "allow"], ...scopes]),
  );
  const callback = allowed.headers.get("location");
  if (!callback?.includes("code=")) throw new Error(`consent did not return a code: ${callback}`);
  return { land: () => send(dashboard, callback), jar: dashboard };
}

export async function signInOverHttp(
  dashboardUrl: string,
  seller: { email: string; password: string },
  callbackUrl = "/listings",
): Promise<SignedIn> {
  const { land, jar: dashboard } = await signInUpToCallback(dashboardUrl, seller, callbackUrl);
  const landed = await land();
  if (landed.status !== 302 || ![...dashboard.keys()].some((name) => name.includes("session-token"))) {
    throw new Error(
      `the dashboard did not create a session (status ${landed.status}, location ${landed.headers.get("location")})`,
    );
  }
  return { cookie: header(dashboard), jar: dashboard };
}
