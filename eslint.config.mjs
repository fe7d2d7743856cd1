import nextVitals from "eslint-config-next/core-web-vitals";
import nextTypescript from "eslint-config-next/typescript";

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
  // The marketplace client depends on no feature (docs/architecture.md): features import it, never the reverse.
  {
    files: ["lib/marketplace/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "../actions/*",
                "../api/*",
                "../auth/*",
                "../changes/*",
                "../history/*",
                "../listings/*",
                "../mirror/*",
                "../orders/*",
                "../personalization/*",
                "../readiness/*",
                "../shop-health/*",
                "../spreadsheet/*",
                "../templates/*",
                "../webhooks/*",
                "../writes/*",
              ],
              message: "lib/marketplace depends on no feature: move what it needs into lib/marketplace.",
            },
          ],
        },
      ],
    },
  },
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
