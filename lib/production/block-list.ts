// A blocked word matches as a whole word whatever its case, its accents and its look-alike letters: the Cyrillic and
// Greek letters Unicode's confusables list (UTS #39) maps to a Latin one, and digits used for letters, since a buyer
// who types "SH1T" or "ѕhit" means the word the seller blocked.

const LOOK_ALIKES: Record<string, string> = {
  а: "a",
  в: "b",
  е: "e",
  ё: "e",
  к: "k",
  м: "m",
  н: "h",
  о: "o",
  р: "p",
  с: "c",
  т: "t",
  у: "y",
  х: "x",
  і: "i",
  ї: "i",
  ј: "j",
  ѕ: "s",
  ԁ: "d",
  ԛ: "q",
  ԝ: "w",
  ӏ: "l",
  һ: "h",
  α: "a",
  β: "b",
  ε: "e",
  η: "n",
  ι: "i",
  κ: "k",
  ν: "v",
  ο: "o",
  ρ: "p",
  τ: "t",
  υ: "u",
  χ: "x",
  ω: "w",
  "0": "o",
  "1": "i",
  "3": "e",
  "4": "a",
  "5": "s",
  "7": "t",
  "@": "a",
  $: "s",
  "!": "i",
  "|": "l",
  l: "i",
};

const IGNORED = /[\p{Default_Ignorable_Code_Point}\p{M}]/gu;

/** The text as a list of folded words: NFKC, lower case, marks and invisible characters dropped, look-alikes mapped. */
export function foldedWords(text: string): string[] {
  const folded = [...text.normalize("NFKC").toLowerCase().normalize("NFD").replace(IGNORED, "")]
    .map((char) => LOOK_ALIKES[char] ?? char)
    .join("");
  return folded.split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** The seller's list as typed: one word or phrase a line, or separated by commas. */
export const blockEntries = (list: string) =>
  list
    .split(/[\n,]/)
    .map((entry) => entry.trim())
    .filter(Boolean);

/** Each entry of the list found in the text as whole words, as the seller typed it. */
export function blockedIn(text: string, entries: readonly string[]): string[] {
  const words = foldedWords(text);
  return entries.filter((entry) => {
    const phrase = foldedWords(entry);
    if (phrase.length === 0) return false;
    for (let start = 0; start + phrase.length <= words.length; start++)
      if (phrase.every((word, index) => words[start + index] === word)) return true;
    return false;
  });
}
