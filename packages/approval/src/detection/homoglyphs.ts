// Characters that render like ASCII letters, digits or shell punctuation but that NFKC leaves
// alone (Cyrillic, Greek, a few Latin extensions and dash/quote lookalikes). Mapping them keeps
// `rм -rf /` (Cyrillic em) from reading as a harmless unknown command.
const PAIRS: readonly (readonly [string, string])[] = [
  ["а", "a"], ["в", "b"], ["е", "e"], ["ё", "e"], ["һ", "h"], ["і", "i"], ["ї", "i"], ["ј", "j"],
  ["к", "k"], ["ӏ", "l"], ["м", "m"], ["н", "h"], ["о", "o"], ["р", "p"], ["с", "c"], ["ѕ", "s"],
  ["т", "t"], ["у", "y"], ["х", "x"], ["ԁ", "d"], ["ԛ", "q"], ["ԝ", "w"], ["ү", "y"], ["ɡ", "g"],
  ["А", "A"], ["В", "B"], ["Е", "E"], ["Н", "H"], ["І", "I"], ["Ј", "J"], ["К", "K"], ["М", "M"],
  ["О", "O"], ["Р", "P"], ["С", "C"], ["Ѕ", "S"], ["Т", "T"], ["Х", "X"], ["У", "Y"], ["Ү", "Y"],
  ["α", "a"], ["ε", "e"], ["ι", "i"], ["κ", "k"], ["ν", "v"], ["ο", "o"], ["ρ", "p"], ["τ", "t"],
  ["υ", "u"], ["χ", "x"], ["ϲ", "c"], ["ϳ", "j"], ["Α", "A"], ["Β", "B"], ["Ε", "E"], ["Ζ", "Z"],
  ["Η", "H"], ["Ι", "I"], ["Κ", "K"], ["Μ", "M"], ["Ν", "N"], ["Ο", "O"], ["Ρ", "P"], ["Τ", "T"],
  ["Υ", "Y"], ["Χ", "X"], ["ı", "i"], ["ȷ", "j"], ["ſ", "s"], ["ɑ", "a"], ["ɩ", "i"], ["ʀ", "r"],
  ["ᴦ", "r"], ["ℓ", "l"], ["‐", "-"], ["‑", "-"], ["‒", "-"], ["–", "-"], ["—", "-"], ["―", "-"],
  ["−", "-"], ["⁄", "/"], ["∕", "/"], ["⧸", "/"], ["‘", "'"], ["’", "'"], ["“", '"'], ["”", '"'],
  ["∶", ":"], ["ǀ", "|"], ["∣", "|"], ["；", ";"], ["＆", "&"],
];

/** Homoglyph → ASCII replacements applied after NFKC. */
export const HOMOGLYPHS: ReadonlyMap<string, string> = new Map(PAIRS);
