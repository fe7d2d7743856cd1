import { phaseReached, type Phase } from "../sandbox/phases.js";

export type PersonalizationSetting = "single" | "multi";

/**
 * The dashboard's MARKETPLACE_PERSONALIZATION for a sandbox pinned to `phase`, so that the editor, its rules and its
 * writes are those of that period: one text question until the multi-question period (spec 9.4), several from then.
 */
export const personalizationForPhase = (phase: Phase): PersonalizationSetting =>
  phaseReached(phase, "multi-question") ? "multi" : "single";

/** `--phase` is asked for on the command line, so it wins over a setting from .env; the seller is told when it differs. */
export function dashboardPhaseEnv(phase: Phase | undefined, env: Record<string, string | undefined>) {
  if (phase === undefined) return { env: {}, note: undefined };
  const setting = personalizationForPhase(phase);
  const configured = env.MARKETPLACE_PERSONALIZATION;
  const note =
    configured && configured !== setting
      ? `--phase ${phase}: the dashboard runs with MARKETPLACE_PERSONALIZATION=${setting}, not ${configured} as configured.`
      : undefined;
  return { env: { MARKETPLACE_PERSONALIZATION: setting }, note };
}
