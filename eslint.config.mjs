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
