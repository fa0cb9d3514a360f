let compilerLoaded = false;

/** True once the TypeScript compiler has been loaded in this process. */
export function isCompilerLoaded(): boolean {
  return compilerLoaded;
}

/** Record that the compiler has been loaded. */
export function markCompilerLoaded(): void {
  compilerLoaded = true;
}

/**
 * Cheap pre-check: a file whose text never mentions `registry` and `.register` cannot contain a
 * `registry.register(...)` call, so it needs no parse (and when no file needs one, neither the
 * scanner nor the compiler is loaded).
 */
export function mayRegister(text: string): boolean {
  return text.includes("registry") && text.includes(".register");
}
