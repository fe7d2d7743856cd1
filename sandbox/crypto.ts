import { createHash, hash, randomBytes, scryptSync, timingSafeEqual } from "node:crypto";

export const randomId = (bytes = 24) => randomBytes(bytes).toString("base64url");

export const sha256 = (text: string) => hash("sha256", text, "hex");

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
