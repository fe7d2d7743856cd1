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
  ["personalization", "auth"],
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

const UPS = ["../", "../../", "../../../"];

function floorRules(tree, floors) {
  const all = floors.flat();
  const stem = (room) => room.replace(/\.tsx?$/, "");
  return floors.flatMap((floor, level) => {
    const below = floors.slice(0, level).flat();
    return floor.map((room) => {
      const refused = all.filter((other) => other !== room && !below.includes(other)).map(stem);
      const atRoot = /\.tsx?$/.test(room);
      const relative = atRoot ? ["./"] : UPS;
      const files = [atRoot ? `${tree}/${room}` : `${tree}/${room}/**`];
      // The top floor's only room has nothing above it to refuse, and is still placed.
      if (refused.length === 0)
        return { files, ignores: ["**/*.test.ts"], rules: { "no-restricted-imports": "error" } };
      return {
        files,
        ignores: ["**/*.test.ts"],
        rules: {
          "no-restricted-imports": [
            "error",
            {
              patterns: [
                {
                  group: refused.flatMap((other) =>
                    [...relative, `@/${tree}/`].flatMap((up) => [`${up}${other}`, `${up}${other}/**`]),
                  ),
                  message: `${tree}/${room} stands on floor ${level + 1} of ${tree}/ and imports only from the floors below it (${below.join(", ") || "none"}): move what both need down a floor (docs/architecture.md).`,
                },
              ],
            },
          ],
        },
      };
    });
  });
}

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
  ...floorRules("lib", LIB_FLOORS),
  ...floorRules("components", COMPONENT_FLOORS),
  // Listing ids a request names are checked against the seller's shop before the marketplace is asked about them.
  {
    files: ["app/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
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
