import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { startSandbox, type RunningSandbox } from "../../sandbox/server";
import { DEMO_SELLERS } from "../../sandbox/store/seed";
import { newQuestionDraft } from "../../lib/personalization/question-draft";
import { parseActionAnswer } from "../../bench/dashboard/save-action";
import { storedListing } from "../harness/sandbox";
import { startThrowawayPostgres, type ThrowawayPostgres } from "../harness/throwaway-postgres";
import {
  freePort,
  registerDashboardApp,
  startDashboard,
  type DashboardOptions,
  type DashboardProcess,
} from "../harness/dashboard-process";
import { signInOverHttp } from "../harness/http-sign-in";
import { startHaproxy, type RunningProxy } from "../harness/reverse-proxy";

// docs/deploy.md, "Rolling a new version": two builds of the dashboard (npm test's own as the old one, a second one
// here as the new), old instances behind HAProxy on one PostgreSQL and one sandbox replaced one by one by new ones.
// The new build takes the old one's server-actions key, as a deploy that sets NEXT_SERVER_ACTIONS_ENCRYPTION_KEY or
// AUTH_SECRET at build time does, and a deployment id of its own.
const OLD_DIST = process.env.NEXT_DIST_DIR || ".next";
const NEW_DIST = `.next-rolling-${process.pid}`;
const NEW_DEPLOYMENT = `rolling-new-${process.pid}`;
const LISTING = 1_000_000_001;
const seller = DEMO_SELLERS.ada;

type Manifest = { encryptionKey?: string; node: Record<string, { exportedName: string; filename: string }> };
const manifestOf = (dist: string) =>
  JSON.parse(readFileSync(join(dist, "server", "server-reference-manifest.json"), "utf8")) as Manifest;
const actionId = (manifest: Manifest, name: string) => {
  const found = Object.entries(manifest.node).find(([, action]) => action.exportedName === name);
  if (!found) throw new Error(`${name} is not in the build's server-reference-manifest.json`);
  return found[0];
};
const deploymentIdIn = (html: string) => /<html[^>]* data-dpl-id="([^"]+)"/.exec(html)?.[1];

let postgres: ThrowawayPostgres;
let sandbox: RunningSandbox;
let proxy: RunningProxy;
let newBuild: ChildProcess | undefined;
let tsconfig: string | undefined;
let settings: DashboardOptions[] = [];
const running: DashboardProcess[] = [];

beforeAll(async () => {
  if (!existsSync(join(OLD_DIST, "BUILD_ID")))
    throw new Error(`No production build in ${OLD_DIST}: run \`npx next build\` first (npm test does).`);
  const key = manifestOf(OLD_DIST).encryptionKey;
  if (!key) throw new Error(`${OLD_DIST}/server/server-reference-manifest.json holds no encryptionKey`);
  // next build adds its folder's types to tsconfig.json: the file is put back as it was.
  tsconfig = readFileSync("tsconfig.json", "utf8");
  newBuild = spawn(process.execPath, [createRequire(import.meta.url).resolve("next/dist/bin/next"), "build"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      NEXT_DIST_DIR: NEW_DIST,
      NEXT_DEPLOYMENT_ID: NEW_DEPLOYMENT,
      NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: key,
    },
  });
  const build = newBuild;
  const status = await new Promise<number | null>((resolve) => build.once("exit", resolve));
  writeFileSync("tsconfig.json", tsconfig);
  if (status !== 0) throw new Error(`the new build failed with status ${status}`);

  postgres = await startThrowawayPostgres();
  sandbox = await startSandbox({ port: 0, db: ":memory:" });
  const [proxyPort, ...ports] = [await freePort(), await freePort(), await freePort()] as [number, number, number];
  const publicUrl = `http://localhost:${proxyPort}`;
  const app = await registerDashboardApp(sandbox.url, [proxyPort], "Dashboard rolled from one build to the next");
  const authSecret = randomBytes(32).toString("base64url");
  settings = ports.map((port, index) => ({
    port,
    sandboxUrl: sandbox.url,
    app,
    authSecret,
    databaseUrl: postgres.url,
    publicUrl,
    stdio: "ignore",
    env: { INSTANCE_NAME: `web-${index + 1}`, NEXT_DIST_DIR: OLD_DIST },
  }));
  running.push(...(await Promise.all(settings.map((options) => startDashboard(options)))));
  proxy = await startHaproxy(
    proxyPort,
    ports.map((port, index) => ({ name: `web-${index + 1}`, port })),
  );
  // A build takes 2 minutes on a quiet machine with 2 cores, over 10 on a busy one.
}, 1_200_000);

afterAll(async () => {
  if (newBuild?.exitCode === null) newBuild.kill();
  if (tsconfig !== undefined) writeFileSync("tsconfig.json", tsconfig);
  await proxy?.stop();
  await Promise.all(running.map((instance) => instance.stop()));
  await sandbox?.close();
  await postgres?.stop();
  rmSync(NEW_DIST, { recursive: true, force: true });
});

/** Posts a server action through HAProxy as the old editor page's client does: its action id and deployment id. */
async function postAction(id: string, args: unknown[], cookie: string, deployment: string) {
  const response = await fetch(`${proxy.url}/listings/${LISTING}`, {
    method: "POST",
    redirect: "manual",
    headers: {
      cookie,
      "next-action": id,
      "content-type": "text/plain;charset=UTF-8",
      accept: "text/x-component",
      origin: proxy.url,
      "x-deployment-id": deployment,
    },
    body: JSON.stringify(args),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

it("a seller's session and the old page's save survive a rolling restart from the old build to the new; an action the new build lacks is answered 409 for the reload sentence, never a 500", async () => {
  const { cookie } = await signInOverHttp(proxy.url, seller);
  const oldPage = await fetch(`${proxy.url}/listings/${LISTING}`, { headers: { cookie } });
  expect(oldPage.status).toBe(200);
  const oldDeployment = deploymentIdIn(await oldPage.text()) ?? "";
  expect(oldDeployment).not.toBe("");
  expect(oldDeployment).not.toBe(NEW_DEPLOYMENT);
  const saveId = actionId(manifestOf(OLD_DIST), "updateQuestionSetAction");
  // The shared key gives the unchanged action the same id in the new build: the old page's save lands there.
  expect(actionId(manifestOf(NEW_DIST), "updateQuestionSetAction")).toBe(saveId);

  // One instance at a time, as docs/deploy.md rolls them: stop the old one, start the new one on its port.
  for (const [index, options] of settings.entries()) {
    await running[index]?.stop();
    running[index] = await startDashboard({ ...options, env: { ...options.env, NEXT_DIST_DIR: NEW_DIST } });
  }
  // HAProxy puts an instance back after two passed health checks, 2 s apart.
  await new Promise((resolve) => setTimeout(resolve, 5_000));

  const listings = await fetch(`${proxy.url}/api/listings?state=active&page=1`, { headers: { cookie } });
  expect(listings.status).toBe(200);
  const newPage = await fetch(`${proxy.url}/listings/${LISTING}`, { headers: { cookie } });
  expect(newPage.status).toBe(200);
  expect(deploymentIdIn(await newPage.text())).toBe(NEW_DEPLOYMENT);

  const question = { ...newQuestionDraft("text_input"), title: "Name", instructions: "Name to engrave, after a roll" };
  const saved = await postAction(saveId, [{ listingId: LISTING, questions: [question] }], cookie, oldDeployment);
  expect(saved.status).toBe(200);
  expect(parseActionAnswer(saved.text)).toMatchObject({ ok: true });
  const stored = (await storedListing(sandbox.url, LISTING)) as {
    personalization: { personalization_questions: Array<{ instructions: string }> };
  };
  expect(stored.personalization.personalization_questions.map((asked) => asked.instructions)).toEqual([
    "Name to engrave, after a roll",
  ]);

  // An action changed or removed in the new build: its old id is unknown there. Next answers 409 with
  // x-nextjs-action-not-found, which its client throws as the error callAction turns into the reload sentence.
  const unknownId = `${saveId.slice(0, -1)}${saveId.endsWith("0") ? "1" : "0"}`;
  const missing = await postAction(unknownId, [{ listingId: LISTING, questions: [question] }], cookie, oldDeployment);
  expect(missing.status).toBe(409);
  expect(missing.headers.get("x-nextjs-action-not-found")).toBe("1");

  const statuses = [...proxy.log().matchAll(/ (\d{3}) \d+ \d+ ms /g)].map((match) => Number(match[1]));
  expect(statuses.length).toBeGreaterThan(0);
  expect(statuses.filter((status) => status >= 500)).toEqual([]);
}, 180_000);
