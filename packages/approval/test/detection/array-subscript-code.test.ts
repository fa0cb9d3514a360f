import { beforeAll, describe, it } from "vitest";
import { initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Bash expands the subscript of an array-element name wherever a builtin takes a variable
// name, quoted or not, so a command substitution there runs. Commands are only parsed.
describe("command substitutions in array subscripts", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("judges the substituted command wherever a name is taken", () => {
    expectAll(
      [
        "a[$(reboot)]=1",
        "a[`reboot`]+=x",
        "FOO=1 b[$(rm -rf ~)]=2 true",
        "declare -i n; n='z[$(sudo reboot)]'",
        "local -i k=2; k+='h[$(reboot)]'",
        "typeset -i t; t='1+y[`kill -9 -1`]'",
        "printf -v 'q[$(kill -9 -1)]' %s x",
        'printf -v "q[\\$(reboot)]" %s x',
        "read 'w[$(rm -rf ~)]' <<< 1",
        "read -r -p '> ' 'w[$(reboot)]'",
        "read -r -a 'f[`reboot`]' <<< x",
        "declare -a 'b[$(reboot)]=1'",
        "export d[$(reboot)]=1",
        "let 'c[$(reboot)]=1'",
        "unset 'e[$(rm -rf ~)]'",
        "test -v 'g[$(reboot)]'",
        "mapfile -t 'm[$(reboot)]' < /dev/null",
      ],
      "hardline",
    );
  });

  it("leaves ordinary arrays and names alone", () => {
    expectAll(
      [
        "arr[$i]=1",
        "arr[0]=first; arr[1]=second",
        "printf -v out '%s' hi",
        "read -r line < file.txt",
        "read -r -a parts <<< 'a b c'",
        "declare -A map=([k]=v)",
        "unset 'arr[1]'",
        "unset arr[1] x",
        "declare -i count; count=count+1",
        "test -v HOME",
        "x='a[$(date)]'",
        "local -i total=0",
      ],
      "safe",
    );
  });
});
