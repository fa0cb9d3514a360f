let compilerLoaded = false;

/** True once the TypeScript compiler has been loaded in this process. */
export function isCompilerLoaded(): boolean {
  return compilerLoaded;
}

/** Record that the compiler has been loaded. */
export function markCompilerLoaded(): void {
  compilerLoaded = true;
}
