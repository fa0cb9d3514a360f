import type { editConfig as EditConfig } from "@hermes-agent/config";
import { ApprovalError, ApprovalErrorCode } from "./approval-error.js";

/** config.yaml's editor, loaded on the first allowlist change rather than when approval is imported. */
async function editConfig(...args: Parameters<typeof EditConfig>): ReturnType<typeof EditConfig> {
  const config = await import("@hermes-agent/config");
  return config.editConfig(...args);
}

const ALLOWLIST_PATH = ["command_allowlist"] as const;

/** Add an entry to `command_allowlist` in config.yaml (comments and formatting kept). */
export async function saveAllowlistEntry(home: string, entry: string): Promise<void> {
  try {
    await editConfig(
      (doc) => {
        doc.addToList(ALLOWLIST_PATH, entry);
      },
      { home },
    );
  } catch (error) {
    throw new ApprovalError(
      ApprovalErrorCode.AllowlistWrite,
      `could not save '${entry}' to command_allowlist: ${(error as Error).message}`,
      { cause: error },
    );
  }
}

/** Remove an entry from `command_allowlist`; false when it was not there. */
export async function removeAllowlistEntry(home: string, entry: string): Promise<boolean> {
  let removed = false;
  try {
    await editConfig(
      (doc) => {
        removed = doc.removeFromList(ALLOWLIST_PATH, entry);
      },
      { home },
    );
  } catch (error) {
    throw new ApprovalError(
      ApprovalErrorCode.AllowlistWrite,
      `could not remove '${entry}' from command_allowlist: ${(error as Error).message}`,
      { cause: error },
    );
  }
  return removed;
}
