import "server-only";
import { LRUCache } from "lru-cache";
import { keyring, sealKey, type Keyring } from "./token-seal";

type KeySettings = Record<string, string | undefined>;

const derived = new LRUCache<string, Keyring>({ max: 8 });

export function tokenKeyring(source: KeySettings = process.env): Keyring {
  const settings = JSON.stringify([source.TOKEN_ENCRYPTION_KEY, source.AUTH_SECRET, source.TOKEN_ENCRYPTION_KEYS]);
  let ring = derived.get(settings);
  if (!ring) derived.set(settings, (ring = deriveKeyring(source)));
  return ring;
}

function deriveKeyring(source: KeySettings): Keyring {
  const secret = source.TOKEN_ENCRYPTION_KEY || source.AUTH_SECRET;
  if (!secret || secret.length < 32) {
    throw new Error(
      "Stored tokens are encrypted with TOKEN_ENCRYPTION_KEY or, when it is unset, AUTH_SECRET: set one of them to a random value of at least 32 characters (e.g. `openssl rand -base64 32`).",
    );
  }
  const previous = (source.TOKEN_ENCRYPTION_KEYS ?? "")
    .split(",")
    .map((key) => key.trim())
    .filter(Boolean);
  if (source.TOKEN_ENCRYPTION_KEY && source.AUTH_SECRET) previous.push(source.AUTH_SECRET);
  return keyring(
    sealKey(secret),
    previous.map((key) => sealKey(key)),
  );
}
