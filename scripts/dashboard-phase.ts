import { phaseReached, type Phase } from "../sandbox/phases.js";

export type PersonalizationSetting = "single" | "multi";

/**
 * The dashboard's MARKETPLACE_PERSONALIZATION for a sandbox pinned to `phase`, so that the editor, its rules and its
 * writes are those of that period: one text question until the multi-question period (docs/marketplace.md §9.4), several from then.
 */
export const personalizationForPhase = (phase: Phase): PersonalizationSetting =>
  phaseReached(phase, "multi-question") ? "multi" : "single";

/** Add-on prices on optional text questions from 2026-07-20 (docs/marketplace.md §13). */
export const addOnPricesForPhase = (phase: Phase) => (phaseReached(phase, "add-on-prices") ? "on" : "off");

/** `--phase` is asked for on the command line, so it wins over settings from .env; the seller is told when they differ. */
export function dashboardPhaseEnv(phase: Phase | undefined, env: Record<string, string | undefined>) {
  if (phase === undefined) return { env: {}, note: undefined };
  const settings = {
    MARKETPLACE_PERSONALIZATION: personalizationForPhase(phase),
    MARKETPLACE_ADD_ON_PRICES: addOnPricesForPhase(phase),
  };
  const overridden = Object.entries(settings)
    .filter(([name, value]) => env[name] && env[name] !== value)
    .map(([name, value]) => `${name}=${value}, not ${env[name]} as configured`);
  const note = overridden.length ? `--phase ${phase}: the dashboard runs with ${overridden.join("; ")}.` : undefined;
  return { env: settings, note };
}
