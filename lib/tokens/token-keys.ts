import "server-only";
import { LRUCache } from "lru-cache";
import { settingsProblems, tokenKeySettingsSchema } from "../env-schema";
import { keyring, sealKey, type Keyring } from "./token-seal";

type KeySettings = Record<string, string | undefined>;

const derived = new LRUCache<string, Keyring>({ max: 8 });

export function tokenKeyring(source: KeySettings = process.env): Keyring {
  const parsed = tokenKeySettingsSchema.safeParse(source);
  if (!parsed.success) throw new Error(`Stored tokens cannot be sealed:\n${settingsProblems(parsed.error)}`);
  const settings = JSON.stringify(parsed.data);
  let ring = derived.get(settings);
  if (!ring) derived.set(settings, (ring = deriveKeyring(parsed.data)));
  return ring;
}

function deriveKeyring(settings: ReturnType<typeof tokenKeySettingsSchema.parse>): Keyring {
  const { TOKEN_ENCRYPTION_KEY: key, TOKEN_ENCRYPTION_KEYS: earlier, AUTH_SECRET: authSecret } = settings;
  const secret = key ?? authSecret;
  if (!secret || secret.length < 32) {
    throw new Error(
      "Stored tokens are encrypted with TOKEN_ENCRYPTION_KEY or, when it is unset, AUTH_SECRET: set one of them to a random value of at least 32 characters (e.g. `openssl rand -base64 32`).",
    );
  }
  const previous = key && authSecret ? [...earlier, authSecret] : earlier;
  return keyring(
    sealKey(secret),
    previous.map((earlierKey) => sealKey(earlierKey)),
  );
}
