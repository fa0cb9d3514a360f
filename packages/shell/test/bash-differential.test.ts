import { beforeAll, describe, expect, test } from "vitest";
import { initializeParser } from "../src/index.js";
import { lineDisagreements } from "./bash-differential.js";

// Lines of the classes the grammar used to read unlike bash; bash runs and re-prints them.
const FIXED_CLASSES = [
  ...["x%s a", "x@ b", "x?a c", "a%b=c d", "x#y a; echo b", "x'q' a", "v=1 x:y b", "x@y | x%"],
  ...["a[2]=x x?a", "echo; ec%ho a | : > f1", "{ x%s a; } > f2", "if true; then x@ a; fi"],
  ...["v+=2 echo a", "a+=b echo c", "a[1]=x printf b", "a=b=c echo", "x==y echo"],
  ...["echo a 02>f3", "echo 00>f4 b", "echo 02>f5 00>f6", "echo a 0>f7 0>f8", "echo >f9 0<in1"],
  ...["0>f10 echo a", "0<in1 printf %s", "echo | 0<in1 printf x", "echo a 0>f11 | : 0>f12"],
  ...["true <>f13", "true <> f14 a", "true 3<>f15 b", "&>f16 : -n >f17", ">f18 2>&1 echo a"],
  ...["echo >&2 <<<w", "echo >f19 <<< 'h s'", "a=1 >f20", "echo | { echo b; } > f21"],
  ...["echo | (echo b) 2>&1 | :", "echo a | while read x; do echo b; done > f22"],
  ...["echo a | for x in a b; do echo; done 2>f23", "echo |& :", "echo 2>&- |& : |& echo"],
  ...["{ echo; } |& :", "true == x | :", "echo =~ | echo b", "true == &>>f24 | echo"],
  ...["echo \\ x", "echo a \\ \\ b c", "echo \\  x", "echo a\\ b"],
  ...["echo 2>&- a b", "echo >&- a", "echo 02 2>&- 02 2>&1", "printf <&- %s x"],
  ...["0>f25 x+=y@ a", "0<in1 a=1 b[2]=3 echo x", "echo | 0>f26 v=2 echo"],
  ...["echo [ { x", "echo } } ; echo ] [", "echo a | echo - 2>&1 | :", "true 00>f27 b $'\\t'"],
  ...["x@ | a[1]=b echo", ">f28 x#y; echo b"],
];

describe("differential test against bash", () => {
  beforeAll(async () => {
    await initializeParser();
  });

  test("reads the lines of every fixed class as bash runs and re-prints them", () => {
    const lines = FIXED_CLASSES.map((text) => ({ text, allRun: true }));
    expect(lineDisagreements(lines)).toEqual([]);
  });
});
