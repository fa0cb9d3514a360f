const VARIABLE = /\$\{(?:env:)?([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Where interpolated values come from, and the names that were not found. */
export interface InterpolationScope {
  readonly lookup: (name: string) => string | undefined;
  /** Names of variables that were referenced but unset (left literal), in order of first use. */
  readonly unresolved: Set<string>;
}

function interpolateString(text: string, scope: InterpolationScope): string {
  return text.replace(VARIABLE, (whole, name: string) => {
    const value = scope.lookup(name);
    if (value === undefined) {
      scope.unresolved.add(name);
      return whole;
    }
    return value;
  });
}

/**
 * Replace `${VAR}` and `${env:VAR}` in every string of a config value (keys are left alone).
 * An unset variable stays literal and its name is added to `scope.unresolved`.
 */
export function interpolateValue(value: unknown, scope: InterpolationScope): unknown {
  if (typeof value === "string") return interpolateString(value, scope);
  if (Array.isArray(value)) return value.map((item) => interpolateValue(item, scope));
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [key, interpolateValue(item, scope)]),
    );
  }
  return value;
}
