import { describe, expect, it } from "vitest";
import { PHASES } from "../sandbox/phases.js";
import { startTestSandbox, http } from "../test/harness/sandbox.js";
import { addOnPricesForPhase, dashboardPhaseEnv, personalizationForPhase } from "./dashboard-phase.js";

describe("npm start -- --phase P: the dashboard for the period the sandbox is pinned to", () => {
  it("runs the editor the sandbox's writes take in every phase: one text question, or several with the flag", async () => {
    for (const phase of PHASES) {
      const sandbox = await startTestSandbox({ phase });
      try {
        const capabilities = (await http(`${sandbox.url}/__sandbox/personalization-capabilities`)).body;
        expect(personalizationForPhase(phase), phase).toBe(
          capabilities.supports_multiple_personalization_questions ? "multi" : "single",
        );
        expect(addOnPricesForPhase(phase), phase).toBe(capabilities.add_on_prices ? "on" : "off");
      } finally {
        await sandbox.close();
      }
    }
  });

  it("starts the dashboard for the period over settings from .env, and says which it overrode", () => {
    expect(dashboardPhaseEnv("migration", { MARKETPLACE_PERSONALIZATION: "multi" })).toEqual({
      env: { MARKETPLACE_PERSONALIZATION: "single", MARKETPLACE_ADD_ON_PRICES: "off" },
      note: "--phase migration: the dashboard runs with MARKETPLACE_PERSONALIZATION=single, not multi as configured.",
    });
    expect(dashboardPhaseEnv("multi-question", { MARKETPLACE_ADD_ON_PRICES: "on" })).toEqual({
      env: { MARKETPLACE_PERSONALIZATION: "multi", MARKETPLACE_ADD_ON_PRICES: "off" },
      note: "--phase multi-question: the dashboard runs with MARKETPLACE_ADD_ON_PRICES=off, not on as configured.",
    });
    expect(dashboardPhaseEnv("add-on-prices", {})).toEqual({
      env: { MARKETPLACE_PERSONALIZATION: "multi", MARKETPLACE_ADD_ON_PRICES: "on" },
    });
  });

  it("leaves the configured setting alone without --phase", () => {
    expect(dashboardPhaseEnv(undefined, { MARKETPLACE_PERSONALIZATION: "auto" })).toEqual({ env: {} });
  });
});
