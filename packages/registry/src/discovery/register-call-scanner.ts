import { createRequire } from "node:module";
import type * as TsMorph from "ts-morph";

/** Tells whether a module's source has a top-level `registry.register(...)` call. */
export type RegisterCallScanner = (fileName: string, text: string) => boolean;

const RECEIVER = "registry";
const METHOD = "register";

/**
 * Cheap pre-check: a file whose text never mentions `register` cannot contain the call, so it
 * needs no parse (and, when no file needs one, the compiler is never loaded).
 */
export function mayRegister(text: string): boolean {
  return text.includes(METHOD);
}

let loaded: typeof TsMorph | undefined;

/**
 * Load ts-morph (and the TypeScript compiler it bundles) on first use only. It is loaded through
 * `require`: ts-morph is CommonJS, and going through the ESM loader would make Node scan its
 * large bundle for export names first.
 */
function tsMorph(): typeof TsMorph {
  loaded ??= createRequire(import.meta.url)("ts-morph") as typeof TsMorph;
  return loaded;
}

/** True once ts-morph has been loaded in this process. */
export function isCompilerLoaded(): boolean {
  return loaded !== undefined;
}

/**
 * Build a scanner backed by ts-morph. A call counts when it runs as the module is evaluated:
 * directly in the module body or inside top-level blocks, loops, conditions and expressions, but
 * not inside a function, method, arrow function or class body (those run later, if ever).
 * Comments and strings are not code, so mentions there never count.
 */
export function createRegisterCallScanner(): RegisterCallScanner {
  const { Node, Project, ts } = tsMorph();
  const project = new Project({
    useInMemoryFileSystem: true,
    skipLoadingLibFiles: true,
    compilerOptions: { allowJs: true, noResolve: true },
  });
  const isDeferred = (node: TsMorph.Node): boolean =>
    Node.isFunctionLikeDeclaration(node) ||
    Node.isArrowFunction(node) ||
    Node.isFunctionExpression(node) ||
    Node.isClassDeclaration(node) ||
    Node.isClassExpression(node);
  const isRegisterCall = (node: TsMorph.Node): boolean => {
    if (!Node.isCallExpression(node)) return false;
    const callee = node.getExpression();
    return (
      Node.isPropertyAccessExpression(callee) &&
      callee.getName() === METHOD &&
      Node.isIdentifier(callee.getExpression()) &&
      callee.getExpression().getText() === RECEIVER
    );
  };
  return (fileName, text) => {
    if (!mayRegister(text)) return false;
    const kind = /\.m?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
    const source = project.createSourceFile(`/scan/${project.getSourceFiles().length}-${fileName.replace(/[\\/]/g, "_")}`, text, {
      overwrite: true,
      scriptKind: kind,
    });
    let found = false;
    try {
      source.forEachDescendant((node, traversal) => {
        if (isDeferred(node)) {
          traversal.skip();
        } else if (isRegisterCall(node)) {
          found = true;
          traversal.stop();
        }
      });
    } finally {
      project.removeSourceFile(source);
    }
    return found;
  };
}
