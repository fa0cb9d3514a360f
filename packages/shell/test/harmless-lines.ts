// Seeded generator of HARMLESS command lines for the bash differential test: command words are
// only the builtins echo, printf, true and `:` or names no command has (bash runs none of them:
// the oracle empties PATH), arguments are plain text, and redirections name relative files in
// the oracle's temporary directory. Loops only read input; nothing expands at run time.
import { seededRandom } from "./command-samples.js";

const BUILTINS = ["echo", "printf", "true", ":"];
// Names bash looks up as commands (none exists) that the grammar has read oddly.
const ODD_NAMES = [
  ...["x%s", "x@", "x?a", "a%b", "x^y", "x+y", "x,y", "x~", "x:y", "x.y=z", "-x", "x-", "%x"],
  ...["@x", "x@y", "x%", "a%b=c", "x?", "x*", "x]", "x}", "x{", "x]y", "1x", "x1", "/x/y"],
  ...["x'q'", '"x y"', "x\\;", "x!", "x#y", "a=b=c", "x=", "a+=b", "a[1]=b", "x==y", "=x"],
  ...["x.", "x..y", "^x", "x/", "./x", "x=y%", "x+=y@"],
];
const ARGS = [
  ...["a", "b", "-n", "-e", "--x=y", "0", "1", "2", "02", "10", "x%s", "@", "%", "a@b", "a%b"],
  ...["'q s'", '"d q"', "a'b'c", "\\;", "\\|", "\\ x", "$'\\t'", "x#y", "#c", "=", "==", "=~"],
  ...["a=b", "[x]", "]", "[", "!", "^", "*", "?", "x?", "a*b", "{a}", "}", "{", "a,b", ":", "-"],
  ...["--", "x+=y", "+x", "~x", "a\\b", "'#'", "'|'", '"&&"', "''", '""', "x.y", "%s%s"],
];
const REDIRECTS = [
  ...[">f1", "> f2", "2>f3", "0>f4", "02>f5", "1>>f6", "2>&1", ">&2", "&>f7", "<in1", "0<in1"],
  ...["<> f8", ">|f9", "3>f10", "2>&-", "<<<w", "<<< 'h s'", "1>f11", "2>>f12", "10>f13"],
  ...["&>>f14", ">f1 2>&1", "0< in2", "00>f15", "9>&2", "1>&2"],
];

/** One generated line, and whether every command of it runs (no `||`, no loop bodies). */
export interface HarmlessLine {
  readonly text: string;
  readonly allRun: boolean;
}

class LineGenerator {
  private readonly random: () => number;
  private allRun = true;

  constructor(seed: number) {
    this.random = seededRandom(seed);
  }

  private pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.random() * items.length)] as T;
  }

  private chance(p: number): boolean {
    return this.random() < p;
  }

  private simple(): string {
    const parts: string[] = [];
    if (this.chance(0.15)) parts.push(this.pick(["v=1", "w='a b'", "v+=2", "u=", "a[2]=x"]));
    if (this.chance(0.1) && parts.length === 0) parts.push(this.pick(REDIRECTS));
    parts.push(this.chance(0.7) ? this.pick(BUILTINS) : this.pick(ODD_NAMES));
    const count = Math.floor(this.random() * 4);
    for (let i = 0; i < count; i++)
      parts.push(this.chance(0.25) ? this.pick(REDIRECTS) : this.pick(ARGS));
    if (this.chance(0.3)) parts.push(this.pick(REDIRECTS));
    return parts.join(this.chance(0.1) ? "  " : " ");
  }

  private compound(depth: number): string {
    const inner = (): string => this.list(depth + 1);
    const redirect = this.chance(0.4) ? ` ${this.pick(REDIRECTS)}` : "";
    switch (Math.floor(this.random() * 6)) {
      case 0:
        return `{ ${inner()}; }${redirect}`;
      case 1:
        return `( ${inner()} )${redirect}`;
      case 2:
        return `if true; then ${inner()}; fi${redirect}`;
      case 3:
        this.allRun = false;
        return `while read x; do ${inner()}; done${redirect}`;
      case 4:
        return `for x in a b; do ${inner()}; done${redirect}`;
      default:
        return `case a in a) ${inner()};; esac${redirect}`;
    }
  }

  private pipeline(depth: number): string {
    const stages: string[] = [];
    const count = 1 + Math.floor(this.random() * (depth > 1 ? 2 : 3));
    for (let i = 0; i < count; i++)
      stages.push(depth < 2 && this.chance(0.25) ? this.compound(depth) : this.simple());
    return stages.join(this.chance(0.15) ? " |& " : " | ");
  }

  list(depth: number): string {
    let text = this.pipeline(depth);
    const count = Math.floor(this.random() * (depth > 0 ? 2 : 3));
    for (let i = 0; i < count; i++) {
      const operator = this.pick(["; ", " && ", " || ", "\n", " & ", ";"]);
      if (operator === " || ") this.allRun = false;
      text += operator + this.pipeline(depth);
    }
    return text;
  }

  line(): HarmlessLine {
    this.allRun = true;
    const text = this.list(0) + (this.chance(0.1) ? " &" : "");
    return { text, allRun: this.allRun };
  }
}

/** `count` harmless lines from a fixed seed (the same lines on every run). */
export function harmlessLines(count: number, seed: number): HarmlessLine[] {
  const generator = new LineGenerator(seed);
  return Array.from({ length: count }, () => generator.line());
}
