export { discoverBuiltinTools, findToolModules, type DiscoveryOptions } from "./discovery/discover-builtin-tools.js";
export { DISCOVERY_CACHE_FILE, discoveryCachePath } from "./discovery/discovery-cache.js";
export {
  createRegisterCallScanner,
  isCompilerLoaded,
  type RegisterCallScanner,
} from "./discovery/register-call-scanner.js";
