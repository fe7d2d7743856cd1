import "server-only";
import { env } from "../env";
import { logger } from "../observability/logger";
import { onShutdown } from "../observability/shutdown";
import { dashboardUsage } from "./dashboard-usage";
import { specRadar, type RadarFinding, type SpecRadar } from "./radar";
import type { Json } from "./schema-fields";

/** How often the instance looks whether the day since its last check is over: a late start waits an hour at most. */
const LOOK_EVERY_MS = 60 * 60 * 1000;

const globalForRadar = globalThis as unknown as { specRadar?: SpecRadar | "off"; specRadarTimer?: NodeJS.Timeout };

/** The radar's last finding, as readiness shows it. */
export function specRadarFinding(): RadarFinding {
  const radar = globalForRadar.specRadar;
  if (radar === "off") return { status: "off" };
  return radar?.finding() ?? { status: "not checked yet" };
}

/**
 * Each instance reads the published document as it starts and then once a day (docs/configuration.md,
 * SPEC_RADAR_URL); off in tests, whose servers must not depend on the marketplace's site.
 */
export function startSpecRadar(base: () => Promise<Json>) {
  if (globalForRadar.specRadar) return;
  const source = env().SPEC_RADAR_URL;
  if (source === "off" || process.env.NODE_ENV === "test") {
    globalForRadar.specRadar = "off";
    return;
  }
  const log = logger();
  const radar = specRadar({ source, base, usage: dashboardUsage, log });
  globalForRadar.specRadar = radar;
  const look = () =>
    void radar
      .tick()
      .catch((error: Error) => log.error({ msg: "the spec radar's check failed", error: error.message }));
  look();
  globalForRadar.specRadarTimer = setInterval(look, LOOK_EVERY_MS);
  globalForRadar.specRadarTimer.unref();
  onShutdown("spec radar", async () => clearInterval(globalForRadar.specRadarTimer));
}
