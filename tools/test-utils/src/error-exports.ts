import { HermesError } from "@hermes-agent/core";

/** What {@link inspectErrorExports} found in a module namespace. */
export interface ErrorExportReport {
  /** Exported names whose value is a class extending `Error`. */
  readonly errorClasses: readonly string[];
  /** Those of them that do not extend `HermesError` (and so carry no brand). */
  readonly unbranded: readonly string[];
}

function isErrorClass(value: unknown): value is abstract new (...args: never[]) => Error {
  return typeof value === "function" && value.prototype instanceof Error;
}

/**
 * Walk a package's exports (`import * as api from "../src/index.js"`) and list its error classes
 * and those that do not extend `HermesError`, so a package test can require every error class
 * to carry the one cross-bundle brand.
 */
export function inspectErrorExports(
  namespace: Readonly<Record<string, unknown>>,
): ErrorExportReport {
  const errorClasses: string[] = [];
  const unbranded: string[] = [];
  for (const [name, value] of Object.entries(namespace)) {
    if (!isErrorClass(value)) continue;
    errorClasses.push(name);
    if (value !== HermesError && !(value.prototype instanceof HermesError)) unbranded.push(name);
  }
  return { errorClasses: errorClasses.sort(), unbranded: unbranded.sort() };
}
