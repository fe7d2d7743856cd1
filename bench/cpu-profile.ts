// Summarises a V8 CPU profile (`node --cpu-prof`): the functions with the most self time, and optionally the
// heaviest inclusive frames under the project's own files. `npx tsx bench/cpu-profile.ts <file or dir> [--top 30]`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { pathToFileURL } from "node:url";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: CallFrame; children?: number[] };
export type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[] };

const nameOf = (frame: CallFrame) =>
  `${frame.functionName || "(anonymous)"}  ${frame.url.replace(/^.*node_modules\//, "").replace(`file://${process.cwd()}/`, "")}:${frame.lineNumber + 1}`;

/** The largest .cpuprofile in a folder (the main thread's; worker threads write small ones), or the file itself. */
export function readProfile(path: string): { file: string; profile: Profile } {
  const file = statSync(path).isDirectory()
    ? readdirSync(path)
        .filter((name) => name.endsWith(".cpuprofile"))
        .map((name) => join(path, name))
        .sort((a, b) => statSync(b).size - statSync(a).size)[0]
    : path;
  if (!file) throw new Error(`no .cpuprofile in ${path}`);
  return { file, profile: JSON.parse(readFileSync(file, "utf8")) as Profile };
}

/** Self and inclusive time per function, in microseconds, and the total sampled. */
export function summarise(profile: Profile) {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, index) => {
    const delta = profile.timeDeltas[index] ?? 0;
    total += delta;
    const node = byId.get(id);
    if (!node) return;
    const selfName = nameOf(node.callFrame);
    self.set(selfName, (self.get(selfName) ?? 0) + delta);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = nameOf((byId.get(at) as Node).callFrame);
      if (!seen.has(name)) (inclusive.set(name, (inclusive.get(name) ?? 0) + delta), seen.add(name));
    }
  });
  return { self, inclusive, total };
}

export function printTop(
  title: string,
  times: Map<string, number>,
  total: number,
  top: number,
  filter: (name: string) => boolean = () => true,
) {
  console.log(`\n${title}, ${(total / 1e6).toFixed(1)} s sampled:`);
  for (const [name, time] of [...times]
    .filter(([name]) => filter(name))
    .sort((a, b) => b[1] - a[1])
    .slice(0, top))
    console.log(`${((100 * time) / total).toFixed(1).padStart(5)}%  ${name}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: { top: { type: "string", default: "30" }, match: { type: "string" } },
  });
  const { file, profile } = readProfile(positionals[0] ?? ".");
  const { self, inclusive, total } = summarise(profile);
  console.log(file);
  printTop("self time", self, total, Number(values.top));
  const own = values.match ?? "(lib|app|scripts)/";
  printTop(
    `inclusive time of frames matching /${own}/`,
    inclusive,
    total,
    Number(values.top),
    (name) => new RegExp(own).test(name) && !name.includes("node_modules"),
  );
}
