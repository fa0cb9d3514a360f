// The dependency table of DESIGN.md §2: which internal packages each package may import.
// Keys and values are folder names under packages/.

/** @type {Readonly<Record<string, readonly string[]>>} */
export const ALLOWED_INTERNAL_DEPENDENCIES = Object.freeze({
  core: [],
  shell: ["core"],
  config: ["core"],
  registry: ["core"],
  discovery: ["registry", "core"],
  toolsets: ["registry", "core"],
  approval: ["config", "shell", "core"],
  terminal: ["registry", "approval", "config", "shell", "core"],
  "file-tools": ["registry", "terminal", "core"],
  "web-tools": ["registry", "config", "core"],
  skills: ["registry", "config", "core"],
  "browser-tools": ["registry", "config", "core"],
  "model-tools": ["registry", "config", "core"],
  "execute-code": ["registry", "terminal", "approval", "config", "core"],
  mcp: ["registry", "config", "core"],
  "plugin-loader": ["registry", "config", "shell", "core"],
  "hermes-agent": [
    "core",
    "shell",
    "config",
    "registry",
    "discovery",
    "toolsets",
    "approval",
    "terminal",
    "file-tools",
    "web-tools",
    "skills",
    "browser-tools",
    "model-tools",
    "execute-code",
    "mcp",
    "plugin-loader",
  ],
});

/**
 * Map an npm package name to its folder under packages/, or undefined if it is not a runtime package.
 * @param {string} specifier
 * @returns {string | undefined}
 */
export function runtimePackageOf(specifier) {
  if (specifier === "hermes-agent" || specifier.startsWith("hermes-agent/")) return "hermes-agent";
  const match = /^@hermes-agent\/([a-z0-9-]+)/.exec(specifier);
  if (!match) return undefined;
  const folder = match[1];
  return folder !== undefined && folder in ALLOWED_INTERNAL_DEPENDENCIES ? folder : undefined;
}
