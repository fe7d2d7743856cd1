import type { Font } from "fontkit";
import { LRUCache } from "lru-cache";
import { openFont } from "./font-file";

// A profile's font is read once per version it is saved at, and its checks once per answer: a queue of thousands of
// open items reads each answer's findings from here after the first look (or the re-check a profile change starts).

const fonts = new LRUCache<string, Font>({ max: 20 });
const findings = new LRUCache<string, object>({ max: 50_000 });

export type KeptProfile = { shopId: number; profileId: number; version: number; fontData: string };

const keyOf = (profile: KeptProfile) => `${profile.shopId}:${profile.profileId}:${profile.version}`;

export function fontOf(profile: KeptProfile): Font | null {
  const key = keyOf(profile);
  const kept = fonts.get(key);
  if (kept) return kept;
  const font = openFont(Buffer.from(profile.fontData, "base64"));
  if (font) fonts.set(key, font);
  return font;
}

/** `compute`'s answer for this text under this version of the profile, computed once. */
export function remembered<T extends object>(profile: KeptProfile, text: string, compute: () => T): T {
  const key = `${keyOf(profile)}\u0000${text}`;
  const kept = findings.get(key) as T | undefined;
  if (kept) return kept;
  const fresh = compute();
  findings.set(key, fresh);
  return fresh;
}
