import "server-only";
import { cookies } from "next/headers";
import { decode, type JWT } from "next-auth/jwt";

// next-auth's names: the __Secure- one over https. A browser keeps that prefix only from https, so either is safe to read.
const COOKIE_NAMES = ["__Secure-authjs.session-token", "authjs.session-token"] as const;

// Opening a cookie costs an HKDF, two key imports, an HMAC and an AES decryption, and every page and action needs it. The
// value is sealed and authenticated, so one value always opens to the same claims: each distinct cookie is opened once.
const MAX_OPENED = 5_000;
const opened = new Map<string, JWT>();

type Jar = Awaited<ReturnType<typeof cookies>>;

/** next-auth splits a cookie over 4 kB into `name.0`, `name.1`, …; ours is far smaller, but a split one still reads. */
function cookieValue(jar: Jar, name: string): string | undefined {
  const whole = jar.get(name)?.value;
  if (whole) return whole;
  const chunks = jar
    .getAll()
    .filter((cookie) => cookie.name.startsWith(`${name}.`))
    .sort((a, b) => Number(a.name.slice(name.length + 1)) - Number(b.name.slice(name.length + 1)));
  return chunks.length ? chunks.map((cookie) => cookie.value).join("") : undefined;
}

const secrets = () =>
  [process.env.AUTH_SECRET, process.env.AUTH_SECRET_1, process.env.AUTH_SECRET_2, process.env.AUTH_SECRET_3].filter(
    (secret): secret is string => !!secret,
  );

const live = (claims: JWT) => typeof claims.exp === "number" && claims.exp * 1000 > Date.now();

/**
 * The claims in this request's session cookie (who the seller is and their session id), or null without a valid one.
 * Whether the session still counts is the session row's to say (sessions.ts), checked on every request.
 */
export async function sessionCookieClaims(): Promise<JWT | null> {
  const jar = await cookies();
  for (const name of COOKIE_NAMES) {
    const value = cookieValue(jar, name);
    if (!value) continue;
    const key = `${name}=${value}`;
    const known = opened.get(key);
    if (known && live(known)) return known;
    opened.delete(key);
    const claims = await decode({ token: value, secret: secrets(), salt: name }).catch(() => null);
    if (!claims || !live(claims)) return null;
    if (opened.size >= MAX_OPENED) opened.delete(opened.keys().next().value as string);
    opened.set(key, claims);
    return claims;
  }
  return null;
}
