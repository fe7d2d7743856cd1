import type { Difference } from "./compare";

export type Report = {
  published: string;
  base: string;
  summary: { breaking: number; additive: number; breakingUsedByDashboard: number };
  differences: Difference[];
};

export function reportOf(published: string, base: string, differences: Difference[]): Report {
  const breaking = differences.filter((difference) => difference.class === "breaking");
  return {
    published,
    base,
    summary: {
      breaking: breaking.length,
      additive: differences.length - breaking.length,
      breakingUsedByDashboard: breaking.filter((difference) => difference.usedByDashboard).length,
    },
    differences,
  };
}

function sentenceOf(difference: Difference): string {
  const { change, subject, name } = difference;
  const typed = change === "type-changed" ? `type ${difference.from} → ${difference.to}` : change.replace("-", " ");
  switch (subject) {
    case "operation":
      return change === "moved" ? `moved to ${difference.to}` : `operation ${change}`;
    case "parameter":
      return `${difference.in} parameter ${name}: ${typed}`;
    case "request-field":
      return `request field ${name}: ${typed}`;
    case "response-field":
      return `response field ${name}: ${typed}`;
    case "enum-value":
      return `${difference.in}: enum value "${name}" ${change}`;
    case "scope":
      if (difference.operation === null) return `scope ${name} ${change === "added" ? "offered" : "no longer offered"}`;
      return `scope ${name} ${change === "added" ? "now required" : "no longer required"}`;
  }
}

/** The report for a person: breaking first, each operation's differences together, then one summary line. */
export function textOf(report: Report): string {
  const lines = [`${report.published} compared with ${report.base}.`];
  for (const group of ["breaking", "additive"] as const) {
    const differences = report.differences.filter((difference) => difference.class === group);
    if (differences.length === 0) continue;
    lines.push("", `${group === "breaking" ? "Breaking" : "Additive"} (${differences.length}):`);
    let heading = "";
    for (const difference of differences) {
      const { operation } = difference;
      const next = operation ? `${operation.method} ${operation.path} (${operation.id})` : "the security schemes";
      if (next !== heading) lines.push(`  ${next}`);
      heading = next;
      lines.push(`    ${sentenceOf(difference)}${difference.usedByDashboard ? "  [used by the dashboard]" : ""}`);
    }
  }
  const { breaking, additive, breakingUsedByDashboard } = report.summary;
  lines.push(
    "",
    breaking + additive === 0
      ? "No differences a client would notice."
      : `${breaking} breaking (${breakingUsedByDashboard} touching what the dashboard uses), ${additive} additive.`,
  );
  return lines.join("\n");
}
