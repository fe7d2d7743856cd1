import { createRequire } from "node:module";
import type { AxiosStatic } from "axios";
import type { ISecurityDataStorage, SecurityDataFilter, Tokens } from "etsy-ts";

// etsy-ts 8.0.1 as an integrator runs it: its token refresh posts to a hard-coded https://api.etsy.com, so a test
// points that host, on the axios etsy-ts itself loads, at the marketplace under test.

export const LIVE_API = "https://api.etsy.com";
export const etsyAxios = createRequire(createRequire(import.meta.url).resolve("etsy-ts"))("axios") as AxiosStatic;

/** Sends etsy-ts's calls to the live host to `base` instead; the function it answers undoes that. */
export function redirectLiveApi(base: () => string): () => void {
  const redirect = etsyAxios.interceptors.request.use((config) => {
    if (config.url?.startsWith(LIVE_API)) config.url = `${base()}${config.url.slice(LIVE_API.length)}`;
    return config;
  });
  return () => etsyAxios.interceptors.request.eject(redirect);
}

/** What an integrator keeps per seller: etsy-ts reads the tokens here before each call and writes them after a refresh. */
export class TokenStore implements ISecurityDataStorage {
  readonly tokens = new Map<number, Tokens>();
  async storeAccessToken(filter: SecurityDataFilter, tokens: Tokens) {
    this.tokens.set(filter.etsyUserId, tokens);
  }
  async findAccessToken(filter: SecurityDataFilter) {
    return this.tokens.get(filter.etsyUserId);
  }
}
