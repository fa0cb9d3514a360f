import { loadCompiler, type LoadedCompiler, type TypeScriptApi } from "./compiler-loader.js";
import { markCompilerLoaded } from "./compiler-state.js";
import { mayRegister, REGISTER_METHOD, REGISTER_RECEIVER } from "./register-call-pattern.js";
import type { ts as TsNamespace } from "ts-morph";

/** Tells whether a module's source has a top-level `registry.register(...)` call. */
export interface RegisterCallScanner {
  (fileName: string, text: string): boolean;
  /** Save the compiler's V8 code cache (a no-op when there is nothing new to save). */
  saveCodeCache(): void;
}

let loaded: LoadedCompiler | undefined;

function isDeferred(ts: TypeScriptApi, node: TsNamespace.Node): boolean {
  return ts.isFunctionLike(node) || ts.isClassLike(node);
}

function isRegisterCall(ts: TypeScriptApi, node: TsNamespace.Node): boolean {
  if (!ts.isCallExpression(node)) return false;
  const callee = node.expression;
  return (
    ts.isPropertyAccessExpression(callee) &&
    ts.isIdentifier(callee.name) &&
    callee.name.text === REGISTER_METHOD &&
    ts.isIdentifier(callee.expression) &&
    callee.expression.text === REGISTER_RECEIVER
  );
}

/** Options of {@link createRegisterCallScanner}. */
export interface ScannerOptions {
  /** Directory for the compiler's V8 code cache; without it, the compiler is loaded through ts-morph. */
  readonly codeCacheDir?: string;
}

/**
 * Build a scanner over the TypeScript compiler that ts-morph bundles (loaded on first use only).
 * A call counts when it runs as the module is evaluated: in the module body or inside top-level
 * blocks, loops, conditions and expressions, but not inside a function, method, arrow function or
 * class (those run later, if ever). Comments and strings are not code, so mentions there never count.
 */
export function createRegisterCallScanner(options: ScannerOptions = {}): RegisterCallScanner {
  if (loaded === undefined) {
    loaded = loadCompiler(options.codeCacheDir);
    markCompilerLoaded();
  }
  const compiler = loaded;
  const { ts } = compiler;
  const scan = (fileName: string, text: string): boolean => {
    if (!mayRegister(text)) return false;
    const kind = /\.[cm]?js$/.test(fileName) ? ts.ScriptKind.JS : ts.ScriptKind.TS;
    const source = ts.createSourceFile(
      fileName,
      text,
      { languageVersion: ts.ScriptTarget.Latest, jsDocParsingMode: ts.JSDocParsingMode.ParseNone },
      false,
      kind,
    );
    const visit = (node: TsNamespace.Node): boolean | undefined => {
      if (isDeferred(ts, node)) return undefined;
      if (isRegisterCall(ts, node)) return true;
      return ts.forEachChild(node, visit);
    };
    return ts.forEachChild(source, visit) === true;
  };
  return Object.assign(scan, { saveCodeCache: () => compiler.saveCodeCache() });
}
