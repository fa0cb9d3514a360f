// ESLint rule: a runtime package may import only the packages below it in DESIGN.md §2,
// and never reach into another package's files by relative path.
import path from "node:path";
import { ALLOWED_INTERNAL_DEPENDENCIES, runtimePackageOf } from "../layers.js";

/**
 * @param {string} filename
 * @returns {{ kind: "package" | "plugin" | "tool", name: string, root: string } | undefined}
 */
function owningProject(filename) {
  const parts = filename.split(path.sep);
  for (let i = parts.length - 2; i >= 0; i--) {
    const dir = parts[i];
    if (dir === "packages" || dir === "plugins" || dir === "tools") {
      const name = parts[i + 1];
      if (name === undefined) return undefined;
      const kind = dir === "packages" ? "package" : dir === "plugins" ? "plugin" : "tool";
      return { kind, name, root: parts.slice(0, i + 2).join(path.sep) };
    }
  }
  return undefined;
}

/** @type {import("eslint").Rule.RuleModule} */
export const dependencyDirection = {
  meta: {
    type: "problem",
    docs: {
      description: "Internal package imports must point down the layer table (DESIGN.md §2).",
    },
    schema: [],
    messages: {
      upward:
        "'{{from}}' may not import '{{to}}': it is not below '{{from}}' in the layer table (DESIGN.md §2). Take what you need as a parameter instead.",
      self: "'{{from}}' imports itself by package name; use a relative import inside a package.",
      crossRelative:
        "Relative import '{{source}}' leaves package '{{from}}'. Import the other package by its name.",
    },
  },
  create(context) {
    const project = owningProject(context.filename);
    if (project === undefined) return {};

    /** @param {import("estree").Node} node @param {string} source */
    function check(node, source) {
      if (source.startsWith(".")) {
        const target = path.resolve(path.dirname(context.filename), source);
        if (!target.startsWith(project.root + path.sep) && target !== project.root) {
          context.report({
            node,
            messageId: "crossRelative",
            data: { source, from: project.name },
          });
        }
        return;
      }
      if (project.kind !== "package") return;
      const target = runtimePackageOf(source);
      if (target === undefined) return;
      if (target === project.name) {
        context.report({ node, messageId: "self", data: { from: project.name } });
        return;
      }
      const allowed = ALLOWED_INTERNAL_DEPENDENCIES[project.name] ?? [];
      if (!allowed.includes(target)) {
        context.report({ node, messageId: "upward", data: { from: project.name, to: target } });
      }
    }

    return {
      ImportDeclaration(node) {
        check(node, String(node.source.value));
      },
      ExportNamedDeclaration(node) {
        if (node.source) check(node, String(node.source.value));
      },
      ExportAllDeclaration(node) {
        check(node, String(node.source.value));
      },
      ImportExpression(node) {
        if (node.source.type === "Literal" && typeof node.source.value === "string") {
          check(node, node.source.value);
        }
      },
    };
  },
};
