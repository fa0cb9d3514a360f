import type { ViteUserConfig } from "vitest/config";

/** Build a package's vitest config: node environment, sibling packages resolved from source. */
export declare function definePackageConfig(overrides?: ViteUserConfig): ViteUserConfig;
