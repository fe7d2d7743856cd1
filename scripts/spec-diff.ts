import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { OVERLAYS, openApiDocumentAt } from "../sandbox/openapi/overlays";
import { compareDocuments } from "../lib/spec-radar/compare";
import { dashboardUsage } from "../lib/spec-radar/dashboard-usage";
import { readOpenApiDocument, UnreadableDocument } from "../lib/spec-radar/published-document";
import { reportOf, textOf } from "../lib/spec-radar/report";
import { UnboundedDocument, type Json } from "../lib/spec-radar/schema-fields";

// npm run spec-diff -- <published document> [--json] [--against <file>]: what changed in the marketplace's published
// OpenAPI document against the one the sandbox implements (docs/sandbox.md). Exit status 1 when a breaking difference
// touches what the dashboard uses, 2 when a document cannot be read or is too large, too deep or expands without end
// (a hostile document is never taken for a breaking change).

const USAGE = "npm run spec-diff -- <file or http(s) URL of a published OpenAPI document> [--json] [--against <file>]";

// npm runs a script from the package's folder; a relative path means the caller's.
const located = (source: string) =>
  /^https?:\/\//i.test(source) ? source : resolve(process.env.INIT_CWD ?? process.cwd(), source);

function refuse(sentence: string): number {
  console.error(sentence);
  return 2;
}

async function main(): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      allowPositionals: true,
      options: { json: { type: "boolean", default: false }, against: { type: "string" } },
    });
  } catch (error) {
    return refuse(`${(error as Error).message.replace(/\.?$/, ".")} Usage: ${USAGE}`);
  }
  const { positionals, values } = parsed;
  if (positionals.length !== 1) return refuse(`Pass one published OpenAPI document to compare. Usage: ${USAGE}`);
  const source = positionals[0]!;
  const published = await readOpenApiDocument(located(source));
  const base: Json = values.against ? await readOpenApiDocument(located(values.against)) : openApiDocumentAt();
  const baseName =
    values.against ??
    `the document the sandbox implements (sandbox/etsy-oas-3.0.0.json with the overlays of ${OVERLAYS.map((overlay) => overlay.date).join(", ")})`;
  let differences;
  try {
    differences = compareDocuments(base, published, dashboardUsage());
  } catch (error) {
    if (!(error instanceof UnboundedDocument)) throw error;
    return refuse(`${error.document === published ? source : baseName} ${error.message}`);
  }
  const report = reportOf(source, baseName, differences);
  console.log(values.json ? JSON.stringify(report, null, 2) : textOf(report));
  return report.summary.breakingUsedByDashboard > 0 ? 1 : 0;
}

main().then(
  (status) => {
    process.exitCode = status;
  },
  (error: unknown) => {
    // Exit 1 means a breaking change; a failure of this command is never one.
    process.exitCode = refuse(
      error instanceof UnreadableDocument
        ? error.message
        : `spec-diff failed (${error instanceof Error ? error.message : String(error)}): the document could not be compared; report this with the document attached.`,
    );
  },
);
