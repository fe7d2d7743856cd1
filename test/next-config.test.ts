import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";

type Env = Record<string, string | undefined>;
type BuildSettings = {
  serverActionsKey: (env: Env) => string | undefined;
  deploymentIdOf: (folder: string) => string | undefined;
};
// next.config.js is plain JavaScript, read by Next itself; a path held in a variable keeps TypeScript out of it.
const configFile = pathToFileURL(join(process.cwd(), "next.config.js")).href;
const settings = () => import(/* @vite-ignore */ configFile) as Promise<BuildSettings>;

describe("the build's server-actions key (docs/deploy.md, What each instance needs)", () => {
  it("derives one 32-byte key from one AUTH_SECRET, another from another", async () => {
    const { serverActionsKey } = await settings();
    const key = serverActionsKey({ AUTH_SECRET: "a".repeat(32) });
    expect(Buffer.from(key ?? "", "base64")).toHaveLength(32);
    expect(serverActionsKey({ AUTH_SECRET: "a".repeat(32) })).toBe(key);
    expect(serverActionsKey({ AUTH_SECRET: "b".repeat(32) })).not.toBe(key);
    expect(key).not.toContain("a".repeat(8));
  });

  it("takes NEXT_SERVER_ACTIONS_ENCRYPTION_KEY over AUTH_SECRET, and refuses one that is not an AES key in base64", async () => {
    const { serverActionsKey } = await settings();
    const given = Buffer.alloc(32, 7).toString("base64");
    expect(serverActionsKey({ NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: given, AUTH_SECRET: "a".repeat(32) })).toBe(given);
    for (const malformed of ["short", Buffer.alloc(20, 1).toString("base64"), "not base64 at all!!"])
      expect(() => serverActionsKey({ NEXT_SERVER_ACTIONS_ENCRYPTION_KEY: malformed })).toThrow(
        "NEXT_SERVER_ACTIONS_ENCRYPTION_KEY must be 16, 24 or 32 bytes in base64",
      );
  });

  it("leaves the key to Next when neither is set", async () => {
    expect((await settings()).serverActionsKey({})).toBeUndefined();
  });
});

it("next start serves under the deployment id its build was given", async () => {
  const folder = mkdtempSync(join(tmpdir(), "dist-"));
  try {
    const { deploymentIdOf } = await settings();
    expect(deploymentIdOf(folder)).toBeUndefined();
    writeFileSync(
      join(folder, "required-server-files.json"),
      JSON.stringify({ config: { deploymentId: "v0_1_0-abc" } }),
    );
    expect(deploymentIdOf(folder)).toBe("v0_1_0-abc");
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});
