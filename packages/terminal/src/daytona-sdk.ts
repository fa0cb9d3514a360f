/**
 * The part of Daytona's TypeScript SDK (`@daytonaio/sdk`) the daytona backend calls. A
 * type-level test checks that the SDK's `Daytona` class satisfies it, so the backend cannot
 * drift from the real client; the SDK itself is an optional peer loaded on first use.
 */
import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { TerminalError, TerminalErrorCode } from "./terminal-error.js";

/** The process API of a sandbox (sessions: one long-lived shell, commands run in it). */
export interface DaytonaSdkProcess {
  createSession(sessionId: string): Promise<void>;
  executeSessionCommand(
    sessionId: string,
    req: { command: string; runAsync?: boolean },
  ): Promise<{ cmdId: string }>;
  /** Streams stdout and stderr until the command ends. */
  getSessionCommandLogs(
    sessionId: string,
    commandId: string,
    onStdout: (chunk: string) => void,
    onStderr: (chunk: string) => void,
  ): Promise<void>;
  getSessionCommand(sessionId: string, commandId: string): Promise<{ exitCode?: number }>;
  sendSessionCommandInput(sessionId: string, commandId: string, data: string): Promise<void>;
  deleteSession(sessionId: string): Promise<void>;
}

/** A Sandbox handle. */
export interface DaytonaSdkSandbox {
  readonly id: string;
  readonly name: string;
  /** `started`, `stopped`, `archived`, `error`, ... (refreshed by {@link refreshData}). */
  readonly state?: string | undefined;
  readonly process: DaytonaSdkProcess;
  start(timeout?: number): Promise<void>;
  stop(timeout?: number): Promise<void>;
  delete(timeout?: number): Promise<void>;
  refreshData(): Promise<void>;
}

/** Sandbox creation, as the backend asks for it. */
export interface DaytonaSdkCreateParams {
  name?: string;
  image: string;
  labels?: Record<string, string>;
  autoStopInterval?: number;
  resources?: { cpu?: number; memory?: number; disk?: number };
}

/** The client (`new Daytona(config)`). */
export interface DaytonaSdkClient {
  create(
    params: DaytonaSdkCreateParams,
    options?: { timeout?: number },
  ): Promise<DaytonaSdkSandbox>;
  get(sandboxIdOrName: string): Promise<DaytonaSdkSandbox>;
  list(query?: {
    labels?: Record<string, string>;
    limit?: number;
  }): AsyncIterableIterator<DaytonaSdkSandbox>;
  [Symbol.asyncDispose](): Promise<void>;
}

/** What the backend passes to the client: everything explicit, nothing read from the environment. */
export interface DaytonaSdkConfig {
  apiKey?: string;
  apiUrl?: string;
  target?: string;
}

/** A module of the SDK's shape: exports the `Daytona` class. */
export interface DaytonaSdkModule {
  readonly Daytona: new (config?: DaytonaSdkConfig) => DaytonaSdkClient;
}

const INSTALL_HINT =
  "install @daytonaio/sdk to use the daytona backend (npm install @daytonaio/sdk)";

/** The SDK's package name; a variable so the import stays lazy and optional. */
const SDK_PACKAGE: string = "@daytonaio/sdk";

function isMissing(error: unknown): boolean {
  return (
    typeof error === "object" &&
    error !== null &&
    (error as { code?: unknown }).code === "ERR_MODULE_NOT_FOUND" &&
    String((error as { message?: unknown }).message).includes(SDK_PACKAGE)
  );
}

/** Throw the error {@link loadDaytonaSdk} would give when `@daytonaio/sdk` is not installed. */
export function assertDaytonaSdkInstalled(explicit?: string): void {
  if (explicit !== undefined) return;
  try {
    createRequire(import.meta.url).resolve(SDK_PACKAGE);
  } catch (error) {
    throw new TerminalError(
      TerminalErrorCode.BackendUnavailable,
      `The daytona backend needs Daytona's SDK: ${INSTALL_HINT}.`,
      { cause: error },
    );
  }
}

/** Load `@daytonaio/sdk` (or the module at `explicit`), or throw an error naming the install. */
export async function loadDaytonaSdk(explicit?: string): Promise<DaytonaSdkModule> {
  const specifier =
    explicit === undefined
      ? SDK_PACKAGE
      : explicit.startsWith("file:")
        ? explicit
        : pathToFileURL(explicit).href;
  let sdk: Partial<DaytonaSdkModule>;
  try {
    sdk = (await import(specifier)) as Partial<DaytonaSdkModule>;
  } catch (error) {
    if (explicit === undefined && isMissing(error)) {
      throw new TerminalError(
        TerminalErrorCode.BackendUnavailable,
        `The daytona backend needs Daytona's SDK: ${INSTALL_HINT}.`,
        { cause: error },
      );
    }
    throw error;
  }
  if (typeof sdk.Daytona !== "function") {
    throw new TerminalError(
      TerminalErrorCode.BackendUnavailable,
      `The module ${specifier} is not Daytona's SDK (no Daytona export): ${INSTALL_HINT}.`,
    );
  }
  return sdk as DaytonaSdkModule;
}
