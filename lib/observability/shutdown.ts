// What must finish before the process exits (the bulk runner's item in flight). The app's bundle registers, the
// custom server runs them on SIGTERM: both load this file, so the list lives on globalThis.
type Hook = { name: string; run: () => Promise<void> };

const globalForShutdown = globalThis as unknown as { dashboardShutdownHooks?: Map<string, Hook> };

const hooks = () => (globalForShutdown.dashboardShutdownHooks ??= new Map());

export function onShutdown(name: string, run: () => Promise<void>) {
  hooks().set(name, { name, run });
}

/** Runs every hook at once; a hook that fails is reported and does not hold up the others. */
export async function runShutdownHooks(report: (name: string, error: Error) => void) {
  await Promise.all([...hooks().values()].map((hook) => hook.run().catch((error: Error) => report(hook.name, error))));
}
