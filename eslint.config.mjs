import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

// The floors of each tree, bottom first (docs/architecture.md draws them): a folder imports only from the floors below
// its own, so no two folders ever need each other. What both need moves down a floor.
const LIB_FLOORS = [
  ["whole-number.ts"],
  ["env-schema.ts", "observability", "security", "spreadsheet"],
  ["env.ts"],
  ["db"],
  ["tokens"],
  ["marketplace"],
  ["personalization", "auth", "spec-radar"],
  ["actions", "api", "templates", "readiness", "production"],
  ["history"],
  ["mirror"],
  ["listings", "writes"],
  ["changes", "orders"],
  ["shop-health", "webhooks"],
];

// Shared pieces at the bottom, features above what they borrow: the question widgets the editor and the change dialog
// both use live in questions/, below both.
const COMPONENT_FLOORS = [
  ["ui", "tab-storage.ts", "local-time.tsx", "sign-in-button.tsx", "use-sign-in-on-expiry.ts"],
  ["feedback", "confirm-dialog.tsx", "listings-selection.ts"],
  ["questions", "templates", "mirror", "production", "sign-out-everywhere.tsx", "providers.tsx"],
  ["history", "changes", "orders", "site-header.tsx"],
  ["grid", "inbox", "listings", "personalization"],
  ["back-to-listings-link.tsx"],
  ["back-to-listings-page.tsx"],
];

// The second program, its shared pieces at the bottom: the request log and the wire shapes know nothing of the state
// that keeps them, the control API stands beside the pages it controls, and the commands stand on top.
const SANDBOX_FLOORS = [
  ["wire.ts", "crypto.ts", "faults.ts", "rate-limiter.ts", "phases.ts", "scopes.ts", "requests", "openapi"],
  ["receipt-wire.ts"],
  ["store"],
  ["space-limits.ts", "webhooks.ts"],
  ["state.ts"],
  ["http.ts"],
  ["api", "spaces.ts"],
  ["oauth"],
  ["control", "home.ts"],
  ["app.ts"],
  ["server.ts", "har-health.ts"],
  ["main.ts"],
];

const UPS = ["../", "../../", "../../../"];
const stem = (room) => room.replace(/\.tsx?$/, "");
// A file is imported by its stem, or by the .js of its compiled form (the sandbox runs as ES modules); a folder by its files.
const targets = (room) => (/\.tsx?$/.test(room) ? [stem(room), `${stem(room)}.js`] : [room, `${room}/**`]);

/** One rule per room of `tree`: its imports from the floors above and its own refused, and `outside` (more patterns). */
function floorRules(tree, floors, outside = []) {
  const all = floors.flat();
  return floors.flatMap((floor, level) => {
    const below = floors.slice(0, level).flat();
    return floor.map((room) => {
      const refused = all.filter((other) => other !== room && !below.includes(other));
      const atRoot = /\.tsx?$/.test(room);
      const relative = atRoot ? ["./"] : UPS;
      const files = [atRoot ? `${tree}/${room}` : `${tree}/${room}/**`];
      // The top floor's only room has nothing above it to refuse, and is still placed.
      if (refused.length === 0 && outside.length === 0)
        return { files, ignores: ["**/*.test.ts"], rules: { "no-restricted-imports": "error" } };
      return {
        files,
        ignores: ["**/*.test.ts"],
        rules: {
          "no-restricted-imports": [
            "error",
            {
              patterns: [
                ...(refused.length === 0
                  ? []
                  : [
                      {
                        group: refused.flatMap((other) =>
                          [...relative, `@/${tree}/`].flatMap((up) => targets(other).map((target) => up + target)),
                        ),
                        message: `${tree}/${room} stands on floor ${level + 1} of ${tree}/ and imports only from the floors below it (${below.join(", ") || "none"}): move what both need down a floor (docs/architecture.md).`,
                      },
                    ]),
                ...outside,
              ],
            },
          ],
        },
      };
    });
  });
}

// The dashboard runs without the sandbox (a real marketplace configured): only tests and commands start it.
const NO_SANDBOX = {
  group: [...UPS.map((up) => `${up}sandbox/**`), "@/sandbox/**"],
  message: "The dashboard talks to the sandbox over HTTP only, as to the marketplace; tests and scripts start it.",
};

const config = [
  ...nextVitals,
  ...nextTypescript,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "warn",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", ignoreRestSiblings: true },
      ],
      // An ended session goes to the sign-in page by a full load on purpose: nothing of it stays in the page's caches.
      "@next/next/no-location-assign-relative-destination": "off",
    },
  },
  ...floorRules("lib", LIB_FLOORS, [NO_SANDBOX]),
  ...floorRules("components", COMPONENT_FLOORS, [NO_SANDBOX]),
  ...floorRules("sandbox", SANDBOX_FLOORS, [
    {
      group: LIB_FLOORS.flat()
        .filter((room) => room !== "personalization")
        .flatMap((room) => [...UPS, "@/"].flatMap((up) => targets(room).map((target) => `${up}lib/${target}`))),
      message:
        "The sandbox is a second program: from the dashboard it imports only the shared rules of lib/personalization/ (docs/architecture.md).",
    },
    {
      group: [
        ...UPS.flatMap((up) => ["app", "components"].map((folder) => `${up}${folder}/**`)),
        "@/app/**",
        "@/components/**",
      ],
      message: "The sandbox is a second program and imports nothing of the dashboard's app/ or components/.",
    },
  ]),
  // Listing ids a request names are checked against the seller's shop before the marketplace is asked about them.
  {
    files: ["app/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [NO_SANDBOX],
          paths: [
            {
              name: "@/lib/changes/listing-reads",
              importNames: ["readListingQuestions"],
              message:
                "Read listings a request names through ownListings or readShopListings (lib/changes/shop-listing-ids.ts), which check them against the shop first.",
            },
          ],
        },
      ],
    },
  },
  // Tests, the sandbox and commands hold no React: a helper named use… is not a hook there.
  {
    files: ["sandbox/**", "test/**", "scripts/**", "bench/**", "e2e/**", "**/*.test.ts"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  { ignores: [".next/**", "node_modules/**", "data/**", "test-results/**", "next-env.d.ts"] },
];

export default config;
