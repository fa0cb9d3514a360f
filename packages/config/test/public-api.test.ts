import { expect, test } from "vitest";
import * as api from "../src/index.js";

test("the public API is exactly what index.ts lists", () => {
  expect(Object.keys(api).sort()).toEqual([
    "ConfigError",
    "ConfigErrorCode",
    "ConfigTextEditor",
    "createConfigSource",
    "createStaticConfigSource",
    "declareTerminalBackend",
    "editConfig",
    "getConfigPath",
    "getEnvFilePath",
    "hermesConfigSchema",
    "loadConfig",
    "loadConfigSync",
    "loadConfigWithDiagnostics",
    "loadConfigWithDiagnosticsSync",
    "loadEnvFile",
    "parseConfigText",
    "readApprovalMode",
    "redactConfig",
    "setConfigValue",
    "terminalBackendNames",
    "toStringList",
    "writeFileAtomic",
  ]);
});
