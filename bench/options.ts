import { parseArgs } from "node:util";

/**
 * A bench part's command line: whole-number options (`--name N`, each defaulting as given), and `--json` where the part
 * prints its figures as JSON. An unknown option or a value that is not a whole number is refused with a sentence and
 * exit status 2 before anything is started.
 */
export function wholeNumberOptions<O extends Record<string, number>>(
  defaults: O,
  { withJson = false } = {},
): { options: O; json: boolean } {
  const refuse = (sentence: string): never => {
    console.error(sentence);
    process.exit(2);
  };
  let values: Record<string, unknown> = {};
  try {
    ({ values } = parseArgs({
      options: {
        ...(withJson && { json: { type: "boolean" as const, default: false } }),
        ...Object.fromEntries(Object.keys(defaults).map((name) => [name, { type: "string" as const }])),
      },
    }));
  } catch (error) {
    // An unknown option, or a value that looks like one: node's own sentence, without its stack.
    const names = [...Object.keys(defaults), ...(withJson ? ["json"] : [])];
    refuse(`${(error as Error).message.replace(/\.?$/, ".")} Options: --${names.join(", --")}.`);
  }
  const options = Object.fromEntries(
    Object.entries(defaults).map(([name, fallback]) => [name, Number(values[name] ?? fallback)]),
  ) as O;
  const bad = Object.entries(options).filter(([, value]) => !Number.isInteger(value) || value < 0);
  if (bad.length > 0)
    refuse(
      `--${bad.map(([name]) => name).join(", --")} takes a whole number, such as --${bad[0]![0]} ${defaults[bad[0]![0]]}.`,
    );
  return { options, json: values.json === true };
}
