import type { Logger } from "pino";
import { metrics } from "../observability/metrics";
import { compareDocuments, type DashboardUsage } from "./compare";
import { readOpenApiDocument, UnreadableDocument } from "./published-document";
import { reportOf, type Report } from "./report";
import { UnboundedDocument, type Json } from "./schema-fields";

export const RADAR_EVERY_MS = 24 * 60 * 60 * 1000;

/** What readiness shows of the last check: a status and, for a warning, the operations it hits. Nothing of timing. */
export type RadarFinding =
  | { status: "off" }
  | { status: "not checked yet" }
  | { status: "quiet"; additive: number; breaking: number }
  | { status: "warning"; warning: string; operations: string[] }
  | { status: "unreadable"; error: string };

export type RadarDeps = {
  /** The published document's http(s) URL (or a file path). */
  source: string;
  /** The document the dashboard was built against: the sandbox's. */
  base: () => Json | Promise<Json>;
  usage: () => DashboardUsage;
  log: Pick<Logger, "info" | "warn">;
  now?: () => number;
};

/** `GET /v3/application/listings/{listing_id} (getListing)`, once each, for every breaking change the dashboard uses. */
export function operationsHit(report: Report): string[] {
  const hit = new Set<string>();
  for (const difference of report.differences)
    if (difference.class === "breaking" && difference.usedByDashboard)
      hit.add(
        difference.operation
          ? `${difference.operation.method} ${difference.operation.path} (${difference.operation.id})`
          : "the security schemes",
      );
  return [...hit];
}

function findingOf(report: Report): RadarFinding {
  const operations = operationsHit(report);
  const { breaking, additive, breakingUsedByDashboard } = report.summary;
  if (operations.length === 0) return { status: "quiet", additive, breaking };
  return {
    status: "warning",
    warning: `The marketplace's published OpenAPI document has ${breakingUsedByDashboard} breaking change(s) to what the dashboard uses: run \`npm run spec-diff -- ${report.published}\` for each one, and update lib/marketplace/ and the sandbox before the marketplace applies them.`,
    operations,
  };
}

function counted(report: Report | undefined) {
  const gauge = metrics().specDifferences;
  const { breaking = 0, additive = 0, breakingUsedByDashboard = 0 } = report?.summary ?? {};
  gauge.set({ class: "breaking", used_by_dashboard: "true" }, breakingUsedByDashboard);
  gauge.set({ class: "breaking", used_by_dashboard: "false" }, breaking - breakingUsedByDashboard);
  gauge.set({ class: "additive", used_by_dashboard: "false" }, additive);
}

/**
 * The spec diff of `npm run spec-diff`, run by the dashboard itself: `tick()` checks when a day has passed since the
 * last check (on `now`), one check at a time; `finding()` is the last one's outcome.
 */
export function specRadar({ source, base, usage, log, now = Date.now }: RadarDeps) {
  let finding: RadarFinding = { status: "not checked yet" };
  let checkedAt: number | undefined;
  let running: Promise<RadarFinding> | undefined;

  async function check(): Promise<RadarFinding> {
    checkedAt = now();
    let report: Report | undefined;
    try {
      const published = await readOpenApiDocument(source);
      report = reportOf(source, "the sandbox's document", compareDocuments(await base(), published, usage()));
      finding = findingOf(report);
    } catch (error) {
      if (!(error instanceof UnreadableDocument || error instanceof UnboundedDocument)) throw error;
      const sentence = error instanceof UnboundedDocument ? `${source} ${error.message}` : error.message;
      finding = { status: "unreadable", error: sentence };
    }
    metrics().specChecked.set(checkedAt / 1000);
    counted(report);
    if (finding.status === "warning") log.warn({ msg: finding.warning, operations: finding.operations, source });
    else if (finding.status === "unreadable")
      log.warn({ msg: `the spec radar could not compare the published document: ${finding.error}`, source });
    else log.info({ msg: "the spec radar found no breaking change to what the dashboard uses", source, ...finding });
    return finding;
  }

  return {
    finding: () => finding,
    /** Checks now unless a check is running, whose outcome it then waits for. */
    check(): Promise<RadarFinding> {
      running ??= check().finally(() => (running = undefined));
      return running;
    },
    /** Checks when none was made in the last day. */
    async tick(): Promise<RadarFinding> {
      if (running) return running;
      if (checkedAt !== undefined && now() - checkedAt < RADAR_EVERY_MS) return finding;
      return this.check();
    },
  };
}

export type SpecRadar = ReturnType<typeof specRadar>;
