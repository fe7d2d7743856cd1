// Bulk jobs left running when the dashboard stopped resume as soon as it starts again, not at the first page view.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { ensureJobRunner } = await import("./lib/bulk/background-runner");
  ensureJobRunner().catch((error: Error) => console.error(`bulk: the job runner did not start: ${error.message}`));
}
