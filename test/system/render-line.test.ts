import {
  createServer,
  request as httpRequest,
  type IncomingMessage,
  type Server,
  type ServerResponse,
} from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import type { StepAside } from "../../lib/observability/request-context";
import { RenderLine, waitsInLine } from "../../scripts/render-line";

type Held = { path: string; answer: () => void; stepAside: StepAside };

/** A server whose renders answer only when the test says so; a request that does not wait in line answers at once. */
async function serverWithLine(limit: number, keepPlaceMs?: number, loop?: { lag: number; now: number }) {
  const line = new RenderLine(limit, {
    keepPlaceMs,
    ...(loop ? { loopLag: () => loop.lag, now: () => loop.now } : {}),
  });
  const started: string[] = [];
  const held: Held[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    const path = request.url ?? "/";
    if (!waitsInLine(request)) return void response.end(`at once ${path}`);
    void line.run(request, response, async (stepAside) => {
      started.push(path);
      held.push({ path, answer: () => response.end(`rendered ${path}`), stepAside });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "localhost", resolve));
  return { server, line, started, held, url: `http://localhost:${(server.address() as AddressInfo).port}` };
}

const get = (url: string, init?: RequestInit) =>
  fetch(url, init).then(async (response) => ({ status: response.status, text: await response.text() }));

async function until(what: string, condition: () => boolean) {
  for (
    const deadline = Date.now() + 5000;
    Date.now() < deadline;
    await new Promise((resolve) => setTimeout(resolve, 5))
  )
    if (condition()) return;
  throw new Error(`gave up waiting: ${what}`);
}

let running: Server | undefined;
afterEach(() => {
  running?.closeAllConnections();
  return new Promise<void>((resolve) => (running ? running.close(() => resolve()) : resolve()));
});

/** A line of one place with its first render started and waiting on a marketplace call the test answers. */
async function firstRenderAway(keepPlaceMs: number) {
  const served = await serverWithLine(1, keepPlaceMs);
  running = served.server;
  const first = get(`${served.url}/first`);
  await until("the first render", () => served.started.length === 1);
  let answerMarketplace = (_value: string) => {};
  const back: string[] = [];
  void served.held[0]!.stepAside(new Promise<string>((resolve) => (answerMarketplace = resolve))).then((value) =>
    back.push(value),
  );
  return { ...served, first, back, answerMarketplace: (value: string) => answerMarketplace(value) };
}

describe("RenderLine", () => {
  it("renders at most `limit` pages at once and starts the others in order of arrival as earlier ones answer", async () => {
    const { server, line, started, held, url } = await serverWithLine(2);
    running = server;
    const answers = [get(`${url}/a`), get(`${url}/b`)];
    await until("two renders", () => started.length === 2);
    answers.push(get(`${url}/c`));
    await until("one in line", () => line.inLine === 1);
    answers.push(get(`${url}/d`));
    await until("two in line", () => line.inLine === 2);
    expect(started.slice().sort()).toEqual(["/a", "/b"]);

    held.find((render) => render.path === "/b")!.answer();
    await until("the third render", () => started.length === 3);
    expect(started.slice(2)).toEqual(["/c"]);
    expect(line.inLine).toBe(1);

    held.find((render) => render.path === "/a")!.answer();
    await until("the fourth render", () => started.length === 4);
    held.slice(2).forEach((render) => render.answer());
    expect((await Promise.all(answers)).map((answer) => answer.text)).toEqual([
      "rendered /a",
      "rendered /b",
      "rendered /c",
      "rendered /d",
    ]);
  });

  it("answers a save, a build asset and a health check while every render place is taken", async () => {
    const { server, line, started, held, url } = await serverWithLine(1);
    running = server;
    const page = get(`${url}/listings`);
    await until("one render", () => started.length === 1);
    const queued = get(`${url}/listings?page=2`);
    await until("one in line", () => line.inLine === 1);

    expect(await get(`${url}/listings/7`, { method: "POST", headers: { "next-action": "abc" }, body: "[]" })).toEqual({
      status: 200,
      text: "at once /listings/7",
    });
    expect((await get(`${url}/_next/static/chunks/app.js`)).text).toBe("at once /_next/static/chunks/app.js");
    expect((await get(`${url}/api/health`)).text).toBe("at once /api/health");
    expect(started).toEqual(["/listings"]);

    held[0]!.answer();
    await until("the page in line", () => started.length === 2);
    held[1]!.answer();
    expect((await queued).text).toBe("rendered /listings?page=2");
    expect((await page).text).toBe("rendered /listings");
  });

  it("does not render for a client that left while in line, and gives its place to the next", async () => {
    const { server, line, started, held, url } = await serverWithLine(1);
    running = server;
    const first = get(`${url}/first`);
    await until("the first render", () => started.length === 1);
    const leaving = httpRequest(`${url}/left`);
    leaving.on("error", () => {});
    leaving.end();
    await until("one in line", () => line.inLine === 1);
    const last = get(`${url}/last`);
    await until("two in line", () => line.inLine === 2);
    leaving.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));

    held[0]!.answer();
    await until("the next render", () => started.length === 2);
    expect(started).toEqual(["/first", "/last"]);
    held[1]!.answer();
    expect((await last).text).toBe("rendered /last");
    expect((await first).text).toBe("rendered /first");
  });

  it("keeps a render's place through a quick marketplace call", async () => {
    const { line, started, held, url, first, back, answerMarketplace } = await firstRenderAway(10_000);
    const second = get(`${url}/second`);
    await until("the second in line", () => line.inLine === 1);

    answerMarketplace("listings");
    await until("the first render going on", () => back.length === 1);
    expect(started).toEqual(["/first"]);
    held[0]!.answer();
    await until("the second render", () => started.length === 2);
    held[1]!.answer();
    expect((await Promise.all([first, second])).map((answer) => answer.text)).toEqual([
      "rendered /first",
      "rendered /second",
    ]);
  });

  it("lets another page run while a render waits on a slow marketplace call, and gives the render its place back ahead of newer pages", async () => {
    const { line, started, held, url, first, back, answerMarketplace } = await firstRenderAway(20);

    const second = get(`${url}/second`);
    await until("the second render, in the first one's place", () => started.length === 2);
    const third = get(`${url}/third`);
    await until("the third in line", () => line.inLine === 1);

    answerMarketplace("listings");
    await until("the first render back in line", () => line.inLine === 2);
    expect(back).toEqual([]);
    held[1]!.answer();
    await until("the first render going on", () => back.length === 1);
    expect(back).toEqual(["listings"]);
    expect(started).toEqual(["/first", "/second"]);

    held[0]!.answer();
    await until("the third render", () => started.length === 3);
    held[2]!.answer();
    expect((await Promise.all([first, second, third])).map((answer) => answer.text)).toEqual([
      "rendered /first",
      "rendered /second",
      "rendered /third",
    ]);
  });

  it("starts a page the seller asked for ahead of prefetches that arrived before it", async () => {
    const { server, line, started, held, url } = await serverWithLine(1);
    running = server;
    const first = get(`${url}/listings`);
    await until("the first render", () => started.length === 1);
    const prefetch = get(`${url}/listings/7`, { headers: { rsc: "1", "next-router-prefetch": "1" } });
    await until("the prefetch in line", () => line.inLine === 1);
    const asked = get(`${url}/listings/8`, { headers: { rsc: "1" } });
    await until("the page in line", () => line.inLine === 2);

    held[0]!.answer();
    await until("the next render", () => started.length === 2);
    expect(started[1]).toBe("/listings/8");
    held[1]!.answer();
    await until("the prefetch", () => started.length === 3);
    held[2]!.answer();
    expect((await Promise.all([first, asked, prefetch])).map((answer) => answer.text)).toEqual([
      "rendered /listings",
      "rendered /listings/8",
      "rendered /listings/7",
    ]);
  });

  /** A self-sizing line (it starts at four places) whose loop lag and clock the test sets, with `pages` asked for at once. */
  async function measuredLine(ceiling: number, pages: number) {
    const loop = { lag: 2, now: 0 };
    const served = await serverWithLine(ceiling, undefined, loop);
    running = served.server;
    const answers = Array.from({ length: pages }, (_, n) => get(`${served.url}/${n}`));
    await until(
      "four renders, the rest in line",
      () => served.started.length === 4 && served.line.inLine === pages - 4,
    );
    return { ...served, loop, answers };
  }

  it("lets one more page render each second while the loop keeps up and a page waits, even alone, up to its ceiling", async () => {
    const { line, started, held, url, loop, answers } = await measuredLine(5, 5);
    expect(line.places).toBe(4);

    loop.now = 1500;
    held[0]!.answer();
    await until("the page that waited alone", () => started.length === 5);
    expect(line.places).toBe(5);
    answers.push(get(`${url}/5`), get(`${url}/6`));
    await until("the fifth place taken, one in line", () => started.length === 6 && line.inLine === 1);
    loop.now = 3000;
    held[1]!.answer();
    await until("the last render", () => started.length === 7);
    expect(line.places).toBe(5);
    for (let n = 2; n < 7; n++) {
      await until(`render ${n + 1}`, () => started.length > n);
      held[n]!.answer();
    }
    await Promise.all(answers);
  });

  it("gives a quarter of its places up, one at the least, while the loop runs late, and grows none for pages nobody waits on", async () => {
    const { line, started, held, url, loop, answers } = await measuredLine(8, 14);
    for (let n = 0; n < 4; n++) {
      loop.now += 1500;
      held[n]!.answer();
      await until(`${5 + n} places`, () => line.places === 5 + n && started.length === 6 + 2 * n);
    }
    expect(line.places).toBe(8);

    loop.lag = 80;
    for (const [n, places] of [
      [4, 6],
      [5, 4],
      [6, 3],
      [7, 2],
      [8, 1],
      [9, 1],
    ] as const) {
      loop.now += 1500;
      held[n]!.answer();
      await until(`${places} places`, () => line.places === places);
    }
    expect(started).toHaveLength(12);
    for (let n = 10; n < 14; n++) {
      await until(`render ${n + 1}`, () => started.length > n);
      held[n]!.answer();
    }
    await Promise.all(answers);

    loop.lag = 2;
    for (const page of ["/waited-before", "/alone"]) {
      loop.now += 1500;
      const answer = get(`${url}${page}`);
      await until(page, () => started.at(-1) === page);
      held.at(-1)!.answer();
      await answer;
    }
    expect(line.places).toBe(2);
  });
});
