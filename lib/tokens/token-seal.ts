import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from "node:crypto";

// No configuration and no server-only: the browser tests open the dashboard's database with their own key.

export type SealKey = { id: string; key: Buffer };
export type Keyring = { current: SealKey; byId: Map<string, SealKey> };

const PREFIX = "v1";

export function sealKey(secret: string, purpose = "seller-tokens"): SealKey {
  const key = Buffer.from(hkdfSync("sha256", secret, "personalization-dashboard", `${purpose} aes-256-gcm`, 32));
  return { id: createHash("sha256").update(key).digest("hex").slice(0, 12), key };
}

export function keyring(current: SealKey, previous: SealKey[] = []): Keyring {
  return { current, byId: new Map([...previous, current].map((entry) => [entry.id, entry])) };
}

export const tokenContext = (userId: number, column: "access_token" | "refresh_token") =>
  `seller_tokens:${userId}:${column}`;

export const isSealed = (value: string) => value.startsWith(`${PREFIX}.`);

export const sealedWith = (value: string) => (isSealed(value) ? value.split(".")[1] : undefined);

export function seal(ring: Keyring, plain: string, context: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", ring.current.key, iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [
    PREFIX,
    ring.current.id,
    iv.toString("base64url"),
    body.toString("base64url"),
    cipher.getAuthTag().toString("base64url"),
  ].join(".");
}

export function open(ring: Keyring, sealed: string, context: string): string {
  const [prefix, id = "", iv = "", body = "", tag = ""] = sealed.split(".");
  if (prefix !== PREFIX) throw new Error("a stored token is not sealed");
  const entry = ring.byId.get(id);
  if (!entry)
    throw new Error(
      `a stored token is sealed with key ${id}, which is not configured (TOKEN_ENCRYPTION_KEYS lists previous keys)`,
    );
  const decipher = createDecipheriv("aes-256-gcm", entry.key, Buffer.from(iv, "base64url"));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
