import type { JsonSchema } from "@hermes-agent/registry";
import {
  HERMES_STUB_SPECS,
  TERMINAL_BLOCKED_ARGUMENTS,
  type StubDefault,
} from "./sandbox-tools.js";

/** One parameter of a generated stub, in signature order. */
export interface StubParameter {
  readonly name: string;
  /** No default: the caller must pass it. */
  readonly required: boolean;
  /** Default of an optional parameter (`null` is Python's `None`). */
  readonly default: StubDefault;
  /** Python annotation for the description, when known. */
  readonly pythonType: string | undefined;
  /** The JSON Schema type of the property, when it names one. */
  readonly schemaType: string | undefined;
}

// Names a stub cannot use as a parameter in Python or JavaScript.
const RESERVED = new Set(
  (
    "False None True and as assert async await break class continue def del elif else except " +
    "finally for from global if import in is lambda nonlocal not or pass raise return try while " +
    "with yield case catch const debugger default delete do enum export extends function let new " +
    "null switch this throw typeof var void arguments eval implements interface package private " +
    "protected public static super true false undefined"
  ).split(" "),
);
const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/** Whether `name` can be a stub parameter in both languages. */
export function isStubIdentifier(name: string): boolean {
  return IDENTIFIER.test(name) && !RESERVED.has(name);
}

function propertiesOf(schema: JsonSchema | undefined): Record<string, JsonSchema> | undefined {
  const properties = schema?.properties;
  if (typeof properties !== "object" || properties === null) return undefined;
  return properties as Record<string, JsonSchema>;
}

function requiredOf(schema: JsonSchema | undefined): string[] {
  const list = schema?.required;
  return Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : [];
}

function scalarDefault(property: JsonSchema | undefined): StubDefault {
  const value = property?.default;
  return typeof value === "string" || typeof value === "number" || typeof value === "boolean"
    ? value
    : null;
}

function typeOf(property: JsonSchema | undefined): string | undefined {
  const type = property?.type;
  if (typeof type === "string") return type;
  if (Array.isArray(type))
    return type.find((item): item is string => typeof item === "string" && item !== "null");
  return undefined;
}

/**
 * The parameters of the stub of `tool`, from its registered JSON Schema parameters. Tools Hermes
 * knows keep Hermes' order and defaults (so Hermes scripts run unchanged); properties beyond them
 * are appended as keyword parameters (terminal's background/pty/notification arguments never
 * are); any other tool gets its required properties first, then
 * its optional ones with their schema defaults (or `None`). Names that are not identifiers in
 * both languages are left out.
 */
export function stubParametersFor(tool: string, schema: JsonSchema | undefined): StubParameter[] {
  const properties = propertiesOf(schema);
  const requiredNames = requiredOf(schema);
  const spec = HERMES_STUB_SPECS[tool];
  const result: StubParameter[] = [];
  const seen = new Set<string>();
  // Scripts run foreground commands only; the server strips these arguments anyway.
  const blocked = tool === "terminal" ? TERMINAL_BLOCKED_ARGUMENTS : [];
  const push = (parameter: StubParameter): void => {
    if (
      seen.has(parameter.name) ||
      !isStubIdentifier(parameter.name) ||
      blocked.includes(parameter.name)
    )
      return;
    seen.add(parameter.name);
    result.push(parameter);
  };
  if (spec !== undefined) {
    for (const parameter of spec.parameters) {
      if (properties !== undefined && !(parameter.name in properties)) continue;
      const isRequired = !("default" in parameter);
      push({
        name: parameter.name,
        required: isRequired,
        default: parameter.default ?? null,
        pythonType: parameter.pythonType,
        schemaType: typeOf(properties?.[parameter.name]),
      });
    }
  }
  const names = Object.keys(properties ?? {});
  const ordered =
    spec === undefined
      ? [
          ...requiredNames.filter((name) => names.includes(name)),
          ...names.filter((name) => !requiredNames.includes(name)),
        ]
      : names;
  // Once an optional parameter is placed, later ones must be optional too (Python's rule).
  let optionalSeen = result.some((parameter) => !parameter.required);
  for (const name of ordered) {
    const property = properties?.[name];
    const isRequired = spec === undefined && !optionalSeen && requiredNames.includes(name);
    if (!isRequired) optionalSeen = true;
    push({
      name,
      required: isRequired,
      default: isRequired ? null : scalarDefault(property),
      pythonType: undefined,
      schemaType: typeOf(property),
    });
  }
  return result;
}
