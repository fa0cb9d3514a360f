import { rule, type RuleInfo } from "../types.js";

/** Rules of the data-family tables that no older table describes. */
export const DATA_FAMILY_RULES: Readonly<
  Record<"serverSetting" | "restoreOver" | "secretManager" | "storageMetadata", RuleInfo>
> = {
  serverSetting: rule(
    "datastore-safety-setting",
    "database or search server's safety settings changed (logging or audit off, read-only lifted, delete guards off, server-wide config or plugins changed)",
  ),
  restoreOver: rule(
    "datastore-restore-overwrite",
    "database, index or store restored or loaded over its current data (what is there now is replaced)",
  ),
  secretManager: rule(
    "secret-manager-change",
    "secret store or password manager changed in a way that exposes or loses secrets (unsealed, keys removed, vault data dumped or deleted, a token printed)",
  ),
  storageMetadata: rule(
    "storage-metadata-change",
    "disk, volume or encryption metadata rewritten (volume or RAID labels written over a device, partitions deleted, encryption keys removed or dumped, a filesystem repaired by discarding data)",
  ),
} as const;
