// Resource exhaustion by size and by count: files allocated or filled beyond a size any task
// needs (`fallocate -l 500G`, `dd bs=1G count=500`, `head -c 100G /dev/zero > f`), stress tools
// run without a time limit or with the whole machine's memory, readers that buffer an endless
// source (`tail -f /dev/zero`), pipelines from an endless source into a file, loops that start
// background jobs forever, and background copies of endless CPU burners.
import {
  commandBaseName,
  isSimple,
  readOptions,
  type OptionTable,
  type ResolvedCommand,
  type Script,
  type SimpleCommand,
  type Stage,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { SCRIPT_RULES } from "../script-rules.js";
import { type DangerousCommandMatch } from "../types.js";
import { OPERATION_RULES, unbounded } from "./operations-rules.js";

type Match = DangerousCommandMatch | null;

/** Sizes from here on are more than a task needs and can fill a shared disk. */
const LARGE_BYTES = 10 * 1024 ** 3;
const UNITS: Readonly<Record<string, number>> = {
  "": 1,
  k: 1024,
  m: 1024 ** 2,
  g: 1024 ** 3,
  t: 1024 ** 4,
  p: 1024 ** 5,
  e: 1024 ** 6,
};
const ENDLESS_SOURCE = /^\/dev\/(?:zero|u?random|full)$/;

/** Bytes a size word means (`500G`, `1T`, `100GiB`, `1.5g`, `10GB`, `1024`), or null. */
export function sizeInBytes(text: string): number | null {
  const match = /^\+?(\d+(?:\.\d+)?)\s*([kmgtpe]?)(?:i?b)?$/i.exec(text.trim());
  if (match === null) return null;
  const unit = UNITS[(match[2] ?? "").toLowerCase()] ?? 1;
  const decimal = /[kmgtpe]b$/i.test(text.trim()) && !/ib$/i.test(text.trim());
  const scale = decimal ? 1000 ** Math.round(Math.log(unit) / Math.log(1024)) : unit;
  return Number(match[1]) * scale;
}

function large(text: string | null | undefined): boolean {
  const bytes = sizeInBytes(text ?? "");
  return bytes !== null && bytes >= LARGE_BYTES;
}

const exhaustion = (): Match => matchOf(OPERATION_RULES.exhaustion);

function optionValue(cmd: ResolvedCommand, table: OptionTable, ...names: string[]): string | null {
  const read = readOptions(cmd.args, table);
  return read.options.filter((o) => names.includes(o.name)).pop()?.value ?? null;
}

/** `dd bs=1G count=500 of=FILE`: the bytes written, when both are known. */
function ddBytes(cmd: ResolvedCommand): number | null {
  const field = (name: string): string | null =>
    cmd.args
      .map((word) => word.text)
      .find((text) => text.startsWith(`${name}=`))
      ?.slice(name.length + 1) ?? null;
  const block = sizeInBytes(field("bs") ?? field("obs") ?? "512");
  const count = field("count");
  if (block === null || count === null || !/^\d+$/.test(count)) return null;
  return block * Number(count);
}

function writesFile(source: SimpleCommand): boolean {
  return source.redirects.some(
    (r) =>
      /^>|^&>/.test(r.op) &&
      r.target !== null &&
      !/^\/dev\/(?:null|stdout|stderr)$|^\d$/.test(r.target.text),
  );
}

function readsEndless(stage: SimpleCommand): boolean {
  return (
    stage.words.slice(1).some((word) => ENDLESS_SOURCE.test(word.text)) ||
    stage.redirects.some((r) => r.op === "<" && ENDLESS_SOURCE.test(r.target?.text ?? ""))
  );
}

const STRESS: OptionTable = {
  shortWithValue: "cimdtnv",
  longWithValue: [
    "cpu",
    "io",
    "vm",
    "vm-bytes",
    "vm-stride",
    "vm-hang",
    "hdd",
    "hdd-bytes",
    "timeout",
    "backoff",
    "fork",
    "clone",
    "vfork",
    "forkheavy",
    "malloc",
    "malloc-bytes",
    "bigheap",
    "brk",
    "stack",
    "mmap",
    "mmap-bytes",
    "memrate",
    "memrate-bytes",
    "class",
    "all",
    "sequential",
    "parallel",
    "metrics",
    "cpu-load",
    "cpu-method",
    "hdd-opts",
    "temp-path",
    "iomix",
    "iomix-bytes",
  ],
  long: ["metrics-brief", "quiet", "verbose", "dry-run", "aggressive", "oomable", "keep-name"],
};
const FORKERS = /^(?:fork|clone|vfork|forkheavy|bigheap|brk|stack)$/;

function stress(cmd: ResolvedCommand): Match {
  const read = readOptions(cmd.args, STRESS);
  let timed = false;
  for (const option of read.options) {
    const value = option.value ?? "";
    if (option.name === "t" || option.name === "timeout") timed = !/^0+[a-z]*$/i.test(value);
    if (FORKERS.test(option.name) || option.name === "all" || option.name === "sequential")
      return exhaustion();
    if (/bytes$/.test(option.name) && (/^(?:[89]\d|100)(?:\.\d+)?%$/.test(value) || large(value)))
      return exhaustion();
    if (
      /^(?:c|i|m|d|cpu|io|vm|hdd|malloc|mmap)$/.test(option.name) &&
      /^\d+$/.test(value) &&
      Number(value) >= 64
    )
      return exhaustion();
  }
  return timed || read.options.length === 0 ? null : exhaustion();
}

function fileFill(cmd: ResolvedCommand): Match {
  switch (cmd.name) {
    case "fallocate":
      return large(
        optionValue(
          cmd,
          { shortWithValue: "lo", longWithValue: ["length", "offset"] },
          "l",
          "length",
        ),
      )
        ? exhaustion()
        : null;
    case "truncate":
      return large(
        optionValue(
          cmd,
          { shortWithValue: "sr", longWithValue: ["size", "reference"] },
          "s",
          "size",
        ),
      )
        ? exhaustion()
        : null;
    case "dd": {
      const bytes = ddBytes(cmd);
      const out = cmd.args.find((word) => word.text.startsWith("of="))?.text ?? "";
      return bytes !== null && bytes >= LARGE_BYTES && out !== "" && out !== "of=/dev/null"
        ? exhaustion()
        : null;
    }
    case "head": {
      const bytes = optionValue(
        cmd,
        { shortWithValue: "cn", longWithValue: ["bytes", "lines"] },
        "c",
        "bytes",
      );
      const endless =
        readsEndless(cmd.source) ||
        cmd.source.upstream.some(
          (stage) => isSimple(stage) && (readsEndless(stage) || unbounded(stage)),
        );
      return large(bytes) && endless && writesFile(cmd.source) ? exhaustion() : null;
    }
    case "openssl": {
      const words = cmd.args.map((word) => word.text);
      if (words[0] !== "rand") return null;
      const count = words
        .slice(1)
        .find((text, i) => /^\d+$/.test(text) && !/^-(?:out|base64|hex)$/.test(words[i] ?? ""));
      return large(count) ? exhaustion() : null;
    }
    case "memtester":
      return large(cmd.args.find((word) => !word.text.startsWith("-"))?.text) ? exhaustion() : null;
    case "tail": {
      const follows = cmd.args.some((word) => /^-\w*[fF]|^--follow/.test(word.text));
      return follows && readsEndless(cmd.source) ? exhaustion() : null;
    }
    default:
      return null;
  }
}

/** `cat /dev/urandom | gzip > f`: an endless source with no limit on the way into a file. */
function endlessPipeIntoFile(cmd: ResolvedCommand): Match {
  const source = cmd.source;
  if (cmd.via.length > 0 || source.upstream.length === 0 || !writesFile(source)) return null;
  const [first] = source.upstream;
  if (first === undefined || !isSimple(first) || !unbounded(first)) return null;
  const limited = [...source.upstream.slice(1), source].some((stage: Stage) => {
    if (!isSimple(stage)) return true;
    const name = commandBaseName(stage.words[0]?.text ?? "");
    const texts = stage.words.map((word) => word.text);
    return (
      /^(?:head|timeout|pv|split|sed|awk|grep|dd)$/.test(name) &&
      (name !== "dd" || texts.some((text) => text.startsWith("count="))) &&
      (name !== "pv" || texts.some((text) => /^-\w*[sS]/.test(text)))
    );
  });
  return limited ? null : exhaustion();
}

/** Resource exhaustion rules for one command layer. */
export const exhaustionRules: CommandRule = (cmd) => {
  if (cmd.name === "stress" || cmd.name === "stress-ng") return stress(cmd);
  return fileFill(cmd) ?? endlessPipeIntoFile(cmd);
};

const BURNERS = /^(?:yes|cat|dd|sha\d*sum|md5sum|openssl|gzip|bzip2|xz)$/;

/**
 * Loops that start background jobs on every pass: endless ones are process bombs; bounded ones
 * are held when what they start never ends on its own (`for i in $(seq 64); do yes > /dev/null & done`,
 * `for i in $(seq $(nproc)); do (while :; do :; done) & done`). Endless loops that grow the
 * file system on every pass are held too.
 */
export function spawningLoopMatch(script: Script): DangerousCommandMatch | null {
  if (script.spawningLoop === "endless") return matchOf(SCRIPT_RULES.forkBomb);
  // A loop that never ends and creates something on every pass fills the disk or nests
  // directories without limit; a busy loop started in the background (once per CPU) pins
  // the machine.
  if (script.endlessLoop === "growing") return exhaustion();
  if (
    script.endlessLoop === "busy" &&
    (script.spawningLoop === "bounded" || script.background === true)
  )
    return exhaustion();
  if (script.spawningLoop !== "bounded" && script.background !== true) return null;
  const burner = script.commands.some((cmd) => {
    const name = commandBaseName(cmd.words[0]?.text ?? "");
    const discarded = cmd.redirects.some((r) => /^>|^&>/.test(r.op) && r.fd !== "2");
    return (
      discarded &&
      BURNERS.test(name) &&
      (name === "yes" || readsEndless(cmd) || unbounded(cmd)) &&
      cmd.upstream.length === 0
    );
  });
  return burner ? exhaustion() : null;
}
