/**
 * Foreground commands that would never return (servers, watchers, detached jobs) are
 * refused before they run, with advice to start them in the background instead. The command
 * line is read by @hermes-agent/shell, the same front end approval uses.
 */
import { commandBaseName, parseShell, simpleCommands } from "@hermes-agent/shell";

function baseName(word: string): string {
  return word.slice(word.lastIndexOf("/") + 1);
}

const DETACHERS = new Set(["nohup", "disown", "setsid"]);
const BOUNDED = new Set(["timeout", "gtimeout"]);
const PACKAGE_MANAGERS = new Set(["npm", "pnpm", "yarn", "bun"]);
const SERVER_SCRIPTS = new Set(["dev", "start", "serve", "watch"]);
const LONG_RUNNING = new Set(["nodemon", "uvicorn", "gunicorn", "http-server", "live-server"]);
const VITE_LONG = new Set(["dev", "serve", "preview"]);

function isInformational(words: readonly string[]): boolean {
  return words.some((word) => ["--help", "-h", "--version", "-V", "-v", "help"].includes(word));
}

function serverReason(words: readonly string[]): string | undefined {
  const [first = "", second = "", third = ""] = words.map(baseName);
  const name = first === "npx" || first === "bunx" || first === "pnpx" ? second : first;
  const rest = first === name ? words.slice(1) : words.slice(2);
  if (PACKAGE_MANAGERS.has(first)) {
    const script = second === "run" || second === "run-script" ? third : second;
    if (SERVER_SCRIPTS.has(script))
      return `'${words.slice(0, second === "run" ? 3 : 2).join(" ")}' starts a long-running process`;
  }
  if (
    name === "vite" &&
    (rest.length === 0 || VITE_LONG.has(rest[0] ?? "") || (rest[0] ?? "").startsWith("-"))
  ) {
    return "'vite' starts a development server";
  }
  if (name === "next" && (rest[0] === "dev" || rest[0] === "start"))
    return `'next ${rest[0]}' starts a server`;
  if (LONG_RUNNING.has(name)) return `'${name}' runs a server until stopped`;
  if (
    (first === "docker" && second === "compose" && third === "up") ||
    (first === "docker-compose" && second === "up")
  ) {
    if (!words.some((word) => word === "-d" || word === "--detach"))
      return "'docker compose up' without -d stays attached";
  }
  if (
    /^python[0-9.]*$/.test(first) &&
    second === "-m" &&
    (third === "http.server" || third === "SimpleHTTPServer")
  ) {
    return `'python -m ${third}' serves until stopped`;
  }
  if (first === "flask" && second === "run") return "'flask run' serves until stopped";
  if (first === "php" && second === "-S") return "'php -S' serves until stopped";
  return undefined;
}

/** Why a foreground command would not return, or undefined when it may run in the foreground. */
export function foregroundHangReason(command: string): string | undefined {
  const script = parseShell(command);
  const simple = simpleCommands(script);
  for (const { layers } of simple) {
    for (const layer of layers) {
      const name = commandBaseName(layer[0] ?? "");
      if (DETACHERS.has(name)) return `'${name}' detaches a process from the command`;
    }
  }
  if (script.background === true) return "'&' starts a job that outlives the command";
  for (const { layers } of simple) {
    // `timeout 60 npm run dev` returns when the time is up.
    if (layers.some((layer) => BOUNDED.has(commandBaseName(layer[0] ?? "")))) continue;
    const words = layers.at(-1) ?? [];
    if (isInformational(words)) continue;
    const reason = serverReason(words);
    if (reason !== undefined) return reason;
  }
  return undefined;
}

/** The model-facing refusal for a foreground command that would not return. */
export function foregroundHangMessage(reason: string): string {
  return (
    `This command would not return in the foreground: ${reason}. ` +
    "Run it with background=true (add notify_on_complete=true to be told when it exits), " +
    "then check on it with the process tool (poll, log, wait, kill)."
  );
}
