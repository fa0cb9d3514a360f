export {
  discoverBuiltinTools,
  findToolModules,
  type DiscoveryOptions,
} from "./discovery/discover-builtin-tools.js";
export { DISCOVERY_CACHE_FILE, discoveryCachePath } from "./discovery/discovery-cache.js";
export { isCompilerLoaded } from "./discovery/compiler-state.js";
