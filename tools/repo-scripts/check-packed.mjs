#!/usr/bin/env node
// What users get from the registry, checked on the packed tarballs:
// 1. each publishable package's published manifest has no devDependencies (private workspace
//    tooling among them) and no `workspace:` specifiers, and every `sourceMappingURL` in its
//    JavaScript names a file the tarball ships;
// 2. every TypeScript/JavaScript example in README.md, packages/*/README.md and plugins/*/README.md
//    type-checks and runs against the packed packages, installed offline into a fresh project.
//
// An example that cannot run on its own says so, visibly, on the line before its code block:
//   > **Type-checked, not run:** <reason>      (type-checked only)
//   > **Not checked:** <reason>                (a fragment: neither)
//
//   node tools/repo-scripts/check-packed.mjs
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { extractExamples } from "./readme-examples.mjs";
import {
  buildAll,
  installProject,
  packAll,
  publishableFolders,
  root,
  run,
} from "./packed-workspace.mjs";

const EXAMPLE_TIMEOUT_MS = 60_000;
const problems = [];

/** Published-manifest and source-map checks of one tarball. */
function checkTarball(name, tarball) {
  const files = new Set(
    run("tar", ["-tzf", tarball])
      .split("\n")
      .filter((line) => line !== ""),
  );
  const manifest = JSON.parse(run("tar", ["-xzf", tarball, "-O", "package/package.json"]));
  if (manifest.devDependencies !== undefined) {
    problems.push(
      `${name}: the published manifest lists devDependencies (${Object.keys(manifest.devDependencies).join(", ")})`,
    );
  }
  const text = JSON.stringify(manifest);
  if (text.includes('"workspace:'))
    problems.push(`${name}: the published manifest has workspace: specifiers`);
  for (const file of files) {
    if (!file.endsWith(".js")) continue;
    const source = run("tar", ["-xzf", tarball, "-O", file]);
    for (const match of source.matchAll(/^\/\/# sourceMappingURL=(\S+)\s*$/gm)) {
      const target = path.posix.join(path.posix.dirname(file), match[1]);
      if (!files.has(target))
        problems.push(`${name}: ${file} references ${match[1]}, which is not shipped`);
    }
  }
}

function runExample(file, env, cwd) {
  const tsx = pathToFileURL(createRequire(path.join(root, "package.json")).resolve("tsx/esm")).href;
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", tsx, file], {
      cwd,
      env,
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    let output = "";
    child.stdout.on("data", (chunk) => (output += chunk));
    child.stderr.on("data", (chunk) => (output += chunk));
    const timer = setTimeout(() => {
      output += `\n(killed after ${EXAMPLE_TIMEOUT_MS / 1000} s)`;
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }, EXAMPLE_TIMEOUT_MS);
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      resolve({ ok: code === 0, code: code ?? signal, output });
    });
  });
}

/**
 * What users bring next to the packages (zod, the agent frameworks the adapters serve), at the
 * versions this workspace tests against.
 */
function userPeers() {
  const names = ["zod", "ai", "@ai-sdk/openai-compatible", "@openai/agents", "@langchain/core"];
  const versions = {};
  for (const name of names) {
    const folder = ["packages/hermes-agent", "packages/registry", "packages/approval"]
      .map((pkg) => path.join(root, pkg, "node_modules", name, "package.json"))
      .find((file) => existsSync(file));
    if (folder !== undefined) versions[name] = JSON.parse(readFileSync(folder, "utf8")).version;
  }
  return versions;
}

/** Every package the root README lists must be one that was just built and packed. */
function checkRootTable(tarballs, packages) {
  const text = readFileSync(path.join(root, "README.md"), "utf8");
  for (const match of text.matchAll(/^\|\s*\[`([^`]+)`\]\((packages|plugins)\/([^)]+)\)/gm)) {
    const [, name, group, folder] = match;
    const known = packages.find((p) => p.folder === `${group}/${folder}`);
    if (known === undefined || known.name !== name || !tarballs.has(name))
      problems.push(
        `README.md lists ${name} (${group}/${folder}), which is not a built, packed package`,
      );
    else if (!existsSync(path.join(root, known.folder, "dist")))
      problems.push(`README.md lists ${name}, which has no build output`);
  }
}

const started = Date.now();
const packages = publishableFolders();
const work = mkdtempSync(path.join(tmpdir(), "hermes-check-packed-"));
try {
  buildAll(packages);
  const tarballs = packAll(packages, work);
  for (const [name, tarball] of tarballs) checkTarball(name, tarball);
  checkRootTable(tarballs, packages);

  const readmes = ["README.md", ...packages.map((p) => `${p.folder}/README.md`)].filter((file) =>
    existsSync(path.join(root, file)),
  );
  const examples = readmes.flatMap((readme) =>
    extractExamples(readFileSync(path.join(root, readme), "utf8"), readme),
  );
  const project = path.join(work, "project");
  mkdirSync(project);
  const typesNode = JSON.parse(
    readFileSync(path.join(root, "node_modules/@types/node/package.json"), "utf8"),
  ).version;
  installProject(project, tarballs, { "@types/node": typesNode, ...userPeers() });

  const checked = examples.filter((example) => example.mode !== "skip");
  for (const example of checked) {
    const body = /^\s*(import|export)\s/m.test(example.code)
      ? example.code
      : `${example.code}\nexport {};\n`;
    writeFileSync(path.join(project, example.file), body);
  }
  writeFileSync(
    path.join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: {
        target: "ES2022",
        module: "NodeNext",
        moduleResolution: "NodeNext",
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        allowJs: true,
        checkJs: false,
        types: ["node"],
      },
      files: checked.map((example) => example.file),
    }),
  );
  try {
    run(process.execPath, [path.join(root, "node_modules/typescript/bin/tsc"), "-p", "."], {
      cwd: project,
    });
  } catch (error) {
    problems.push(
      `README examples do not type-check against the packed packages:\n${error.message}`,
    );
  }

  const home = path.join(work, "home");
  mkdirSync(path.join(home, ".hermes"), { recursive: true });
  const env = {
    PATH: process.env.PATH,
    HOME: home,
    HERMES_HOME: path.join(home, ".hermes"),
    LANG: "C.UTF-8",
  };
  let ran = 0;
  for (const example of checked.filter((e) => e.mode === "run")) {
    const result = await runExample(example.file, env, project);
    ran += 1;
    if (!result.ok) {
      problems.push(
        `${example.where}: the example failed (exit ${String(result.code)}):\n${result.output.trim().split("\n").slice(-15).join("\n")}`,
      );
    }
  }
  const typeOnly = examples.filter((e) => e.mode === "typecheck");
  const skipped = examples.filter((e) => e.mode === "skip");
  console.log(
    `check-packed: ${tarballs.size} packages packed; ${examples.length} README examples: ${ran} run, ` +
      `${typeOnly.length} type-checked only, ${skipped.length} not checked (${((Date.now() - started) / 1000).toFixed(0)} s)`,
  );
  for (const example of [...typeOnly, ...skipped])
    console.log(
      `  ${example.mode === "skip" ? "not checked" : "type-checked only"}: ${example.where}: ${example.reason}`,
    );
} finally {
  rmSync(work, { recursive: true, force: true });
}
if (problems.length > 0) {
  for (const problem of problems) console.error(`✗ ${problem}`);
  process.exit(1);
}
