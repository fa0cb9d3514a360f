// The dependency table of DESIGN.md §2: which internal packages each package may import.
// Keys and values are folder names under packages/.

/** @type {Readonly<Record<string, readonly string[]>>} */
export const ALLOWED_INTERNAL_DEPENDENCIES = Object.freeze({
  config: [],
  registry: [],
  toolsets: ["registry"],
  approval: ["config"],
  terminal: ["registry", "approval", "config"],
  "file-tools": ["registry", "terminal"],
  "web-tools": ["registry", "config"],
  skills: ["registry", "config"],
  "browser-tools": ["registry", "config"],
  "execute-code": ["registry", "terminal", "config"],
  mcp: ["registry", "config"],
  "plugin-loader": ["registry", "config"],
  "hermes-agent": [
    "config",
    "registry",
    "toolsets",
    "approval",
    "terminal",
    "file-tools",
    "web-tools",
    "skills",
    "browser-tools",
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
