import { createHash, randomBytes, scryptSync, timingSafeEqual } from "node:crypto";
import { KeptMap } from "./store/kept-map.js";

export const randomId = (bytes = 24) => randomBytes(bytes).toString("base64url");

export const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const bearerHashes = new KeptMap<string, string>(10_000);
/** sha256 of a bearer token, kept for the tokens in use (every authenticated request hashes one); at most 10,000 kept. */
export function bearerHash(token: string) {
  const kept = bearerHashes.get(token);
  if (kept !== undefined) return kept;
  const hash = sha256(token);
  bearerHashes.set(token, hash);
  return hash;
}

/** RFC 7636 4.2: BASE64URL(SHA256(ASCII(code_verifier))). */
export const pkceChallenge = (verifier: string) => createHash("sha256").update(verifier, "ascii").digest("base64url");

export function hashPassword(password: string): string {
  const salt = randomBytes(16).toString("hex");
  return `${salt}:${scryptSync(password, salt, 32, { N: 1024 }).toString("hex")}`;
}

export function verifyPassword(password: string, stored: string): boolean {
  const [salt, hash] = stored.split(":");
  if (!salt || !hash) return false;
  const actual = scryptSync(password, salt, 32, { N: 1024 });
  return timingSafeEqual(actual, Buffer.from(hash, "hex"));
}

export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}
