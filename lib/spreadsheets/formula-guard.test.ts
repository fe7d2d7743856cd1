import { describe, expect, it } from "vitest";
import { neutralised } from "./formula-guard";

describe("neutralised", () => {
  it.each(["=1+1", "+1", "-1", "@SUM(A1)", "\tx", "\rx", '=HYPERLINK("http://evil.example")'])(
    "makes %j text with a leading apostrophe",
    (cell) => expect(neutralised(cell)).toBe(`'${cell}`),
  );

  it.each(["Ada", "1-2", "a=b", " =1", "", "Zoë 🌸"])("leaves %j as it is", (cell) =>
    expect(neutralised(cell)).toBe(cell),
  );
});
