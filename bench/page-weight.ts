// First-load JavaScript of a page from the production build's manifests (perf-notes.md): the build manifest's root
// files plus the entry files of the route and its layouts in the route's client-reference manifest, each gzipped.
import { existsSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { runInNewContext } from "node:vm";
import { build, type Plugin } from "esbuild";

export type PageWeight = { route: string; files: { file: string; gzip: number }[]; gzip: number };

const gzipSize = (bytes: Uint8Array | string) => gzipSync(bytes, { level: 9 }).length;

function clientManifest(distDir: string, route: string) {
  const file = `${distDir}/server/app${route}/page_client-reference-manifest.js`;
  const sandbox: {
    globalThis?: unknown;
    __RSC_MANIFEST?: Record<
      string,
      { entryJSFiles: Record<string, string[]>; clientModules: Record<string, { chunks: string[] }> }
    >;
  } = {};
  sandbox.globalThis = sandbox;
  runInNewContext(readFileSync(file, "utf8"), sandbox);
  const manifest = sandbox.__RSC_MANIFEST?.[`${route}/page`];
  if (!manifest) throw new Error(`no client-reference manifest for ${route} in ${file}`);
  return manifest;
}

export function firstLoadJs(distDir: string, route: string): PageWeight {
  const buildManifest = JSON.parse(readFileSync(`${distDir}/build-manifest.json`, "utf8")) as {
    rootMainFiles: string[];
  };
  const manifest = clientManifest(distDir, route);
  // The route's own entry plus the layouts above it (app/layout, app/listings/layout, ...).
  const segments = route.split("/").filter(Boolean);
  const owners = [
    "[project]/app/layout",
    ...segments.map((_, index) => `[project]/app/${segments.slice(0, index + 1).join("/")}/layout`),
    `[project]/app${route}/page`,
  ];
  const files = new Set(buildManifest.rootMainFiles);
  for (const owner of owners) for (const file of manifest.entryJSFiles[owner] ?? []) files.add(file);
  const sized = [...files].map((file) => ({ file, gzip: gzipSize(readFileSync(`${distDir}/${file}`)) }));
  return { route, files: sized, gzip: sized.reduce((sum, file) => sum + file.gzip, 0) };
}

/** The project's own client modules a route loads ("use client" boundaries), from its client-reference manifest. */
export function clientEntries(distDir: string, route: string): string[] {
  const loaded = new Set(firstLoadJs(distDir, route).files.map((file) => `/_next/${file.file}`));
  const modules = clientManifest(distDir, route).clientModules as Record<string, { chunks: string[] }>;
  // The manifest lists the client modules of other routes too: keep those whose chunks this route loads.
  return Object.entries(modules)
    .filter(([, module]) => module.chunks.every((chunk) => loaded.has(chunk)))
    .map(([id]) => id)
    .filter((id) => id.startsWith("[project]/") && !id.startsWith("[project]/node_modules/"))
    .map((id) => id.slice("[project]/".length).replace(/ <.*$/, "").replace(/#.*$/, ""))
    .filter((path, index, all) => existsSync(path) && all.indexOf(path) === index);
}

const FRAMEWORK = ["react", "react-dom", "react/jsx-runtime", "next", "next/*", "scheduler"];

/** A "use server" module reaches the browser only as references to its actions (Next's client stubs). */
const serverActionStubs: Plugin = {
  name: "server-action-stubs",
  setup(plugin) {
    plugin.onLoad({ filter: /\.(ts|tsx)$/ }, (args) => {
      const contents = readFileSync(args.path, "utf8");
      if (!/^\s*["']use server["']/.test(contents)) return undefined;
      const names = [...contents.matchAll(/export\s+(?:const|async\s+function|function)\s+(\w+)/g)].map(
        (match) => match[1],
      );
      return { contents: names.map((name) => `export const ${name} = () => {};`).join("\n"), loader: "ts" };
    });
  },
};

/** What a page loads on demand (`import()`, next/dynamic) is a chunk of its own, not first-load JavaScript. */
const onDemandOutside: Plugin = {
  name: "on-demand-outside",
  setup(plugin) {
    plugin.onResolve({ filter: /.*/ }, (args) =>
      args.kind === "dynamic-import" ? { path: args.path, external: true } : undefined,
    );
  },
};

async function bundleGzip(entries: string[], external: string[]) {
  const source = entries
    .map((entry, index) => `export * as m${index} from ${JSON.stringify(`./${entry}`)};`)
    .join("\n");
  const result = await build({
    stdin: { contents: source, resolveDir: process.cwd(), loader: "ts" },
    bundle: true,
    minify: true,
    write: false,
    format: "esm",
    platform: "browser",
    jsx: "automatic",
    alias: { "@": "." },
    external: [...FRAMEWORK, ...external],
    define: { "process.env.NODE_ENV": '"production"' },
    plugins: [serverActionStubs, onDemandOutside],
    logLevel: "silent",
  });
  return gzipSize(result.outputFiles[0]?.contents ?? "");
}

/**
 * What each dependency adds to a page's own code: the page's client modules bundled with esbuild (minified, gzip),
 * then again with that dependency left out; the difference is its share. The framework (React, Next) is outside both.
 */
export async function dependencyShares(entries: string[], dependencies: Record<string, string[]>) {
  const all = await bundleGzip(entries, []);
  const shares: { name: string; gzip: number }[] = [];
  for (const [name, packages] of Object.entries(dependencies)) {
    const without = await bundleGzip(
      entries,
      packages.flatMap((pkg) => [pkg, `${pkg}/*`]),
    );
    shares.push({ name, gzip: all - without });
  }
  return { all, shares };
}
