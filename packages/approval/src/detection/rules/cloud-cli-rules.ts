// Cloud, infrastructure and hosting CLIs: each program's global options are read from its own
// option table (`aws --region X --profile P s3 rm ...`), then the service and action words are
// judged. Deletes and teardowns, applies that skip review, and grants of cloud access are held.
import {
  hasOption,
  readOptions,
  type OptionTable,
  type ReadOptions,
  type ResolvedCommand,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { deleteScopeOf } from "../session-paths.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { CLUSTER_RULES } from "./cluster-rules.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { PLATFORM_RULES } from "./platform-rules.js";

type Match = DangerousCommandMatch | null;

/** Rules for cloud and infrastructure CLIs beyond plain deletes. */
export const CLOUD_RULES: Readonly<Record<"unreviewedApply" | "accessGrant", RuleInfo>> = {
  unreviewedApply: rule(
    "infra-apply-unreviewed",
    "infrastructure change applied without a reviewed plan (-auto-approve, --yes, run-all)",
  ),
  accessGrant: rule(
    "cloud-access-grant",
    "cloud credentials created, admin roles granted or resources opened to everyone",
  ),
} as const;

const cloudDelete = (): Match => matchOf(PLATFORM_RULES.cloudDelete);
const infraDestroy = (): Match => matchOf(PLATFORM_RULES.infraDestroy);

/** Operand words and options of a CLI over its option table. */
function read(cmd: ResolvedCommand, table: OptionTable): { ops: string[]; read: ReadOptions } {
  const options = readOptions(cmd.args, table);
  return { ops: options.operands.map((word) => word.text), read: options };
}

const DRY_RUN = ["dry-run", "dryrun", "n"];
const TFSTATE = /\.tfstate(?:\.backup)?$|\/terraform\.tfstate\.d\//;
const OPEN_TO_ALL =
  /(?:^|[\s=,"'])(?:0\.0\.0\.0\/0|::\/0|allUsers|allAuthenticatedUsers|AllUsers)\b/;
const ADMIN_ROLE =
  /AdministratorAccess|IAMFullAccess|PowerUserAccess|roles\/(?:owner|editor|[\w.]*admin)\b|^(?:Owner|Contributor|User Access Administrator)$/i;

/** Global and common options of the AWS CLI. */
export const AWS_OPTIONS: OptionTable = {
  longWithValue: [
    "region",
    "profile",
    "output",
    "endpoint-url",
    "query",
    "cli-connect-timeout",
    "cli-read-timeout",
    "color",
    "ca-bundle",
    "cli-binary-format",
    "policy-arn",
    "cidr",
    "acl",
  ],
  long: ["debug", "no-verify-ssl", "no-paginate", "no-sign-request", "no-cli-pager", "recursive"],
};
const AWS_DESTRUCTIVE =
  /^(?:batch-)?(?:delete|terminate|deregister|remove|purge|destroy|force-delete)-|^schedule-key-deletion$|^disable-key$|^stop-(?:instances|db-instance|db-cluster)$|^empty-bucket$/;

function aws(cmd: ResolvedCommand): Match {
  const { ops, read: options } = read(cmd, AWS_OPTIONS);
  const [service = "", action = ""] = ops;
  const joined = cmd.args.map((word) => word.text).join(" ");
  if (hasOption(options, "dry-run", "dryrun")) return null;
  if (service === "s3") {
    if (action === "rb") return cloudDelete();
    const recursive = hasOption(options, "recursive");
    if ((action === "rm" || action === "mv") && recursive) return cloudDelete();
    // A Terraform state deleted: the next plan no longer knows what exists.
    if (action === "rm" && ops.some((op) => TFSTATE.test(op))) return infraDestroy();
    if (action === "sync" && hasOption(options, "delete")) return cloudDelete();
    if (/^(?:cp|sync|mv)$/.test(action) && /^public-read/.test(aclOf(options))) return grant();
    return null;
  }
  if (AWS_DESTRUCTIVE.test(action)) return cloudDelete();
  if (service === "iam") {
    if (/^(?:create-access-key|create-login-profile|update-login-profile)$/.test(action))
      return grant();
    if (/^(?:attach|put)-(?:user|role|group)-policy$/.test(action) && ADMIN_ROLE.test(joined))
      return grant();
    if (action === "update-assume-role-policy" || action === "add-user-to-group") return grant();
  }
  if (/^authorize-security-group-(?:ingress|egress)$/.test(action) && OPEN_TO_ALL.test(joined))
    return grant();
  if (/^put-(?:bucket|object)-acl$|^put-bucket-policy$/.test(action) && /public|\*/.test(joined))
    return grant();
  if (action === "delete-public-access-block" || action === "put-public-access-block")
    return action.startsWith("delete") || /=false/i.test(joined) ? grant() : null;
  return null;
}

function aclOf(options: ReadOptions): string {
  return options.options.find((o) => o.name === "acl")?.value ?? "";
}

function grant(): Match {
  return matchOf(CLOUD_RULES.accessGrant);
}

/** Global options of gcloud. */
export const GCLOUD_OPTIONS: OptionTable = {
  longWithValue: ["project", "account", "configuration", "format", "verbosity", "zone", "region"],
  shortWithValue: "",
};

function gcloud(cmd: ResolvedCommand): Match {
  const { ops, read: options } = read(cmd, GCLOUD_OPTIONS);
  const joined = cmd.args.map((word) => word.text).join(" ");
  if (ops.some((op, i) => i > 0 && /^(?:delete|destroy|purge)$/.test(op))) return cloudDelete();
  if (ops[0] === "storage" && ops[1] === "rm" && ops.some((op) => TFSTATE.test(op)))
    return infraDestroy();
  if (ops[0] === "storage" && /^(?:rm|rsync)$/.test(ops[1] ?? "")) {
    const recursive = hasOption(
      options,
      "r",
      "R",
      "recursive",
      "delete-unmatched-destination-objects",
    );
    if (recursive || ops.some((op) => /\*\*|^gs:\/\/[^/]+\/?\*?$/.test(op))) return cloudDelete();
  }
  if (ops.some((op) => /^(?:add-iam-policy-binding|set-iam-policy)$/.test(op)))
    return ADMIN_ROLE.test(joined) || OPEN_TO_ALL.test(joined) ? grant() : null;
  if (ops.includes("keys") && ops.includes("create") && ops.includes("service-accounts"))
    return grant();
  if (ops.includes("firewall-rules") && ops.some((op) => /^(?:create|update)$/.test(op)))
    return OPEN_TO_ALL.test(joined) ? grant() : null;
  return null;
}

function az(cmd: ResolvedCommand): Match {
  const { ops } = read(cmd, {
    longWithValue: [
      "subscription",
      "output",
      "query",
      "name",
      "resource-group",
      "only-show-errors",
    ],
    shortWithValue: "gno",
  });
  const joined = cmd.args.map((word) => word.text).join(" ");
  if (ops.some((op) => /^(?:delete|delete-batch|purge|destroy)$/.test(op))) return cloudDelete();
  if (
    ops[0] === "role" &&
    ops[1] === "assignment" &&
    ops[2] === "create" &&
    ADMIN_ROLE.test(roleOf(cmd))
  )
    return grant();
  if (ops.includes("credential") && ops.includes("reset")) return grant();
  return /--public-access\s+(?:blob|container)|--allow-blob-public-access\s+true/i.test(joined)
    ? grant()
    : null;
}

function roleOf(cmd: ResolvedCommand): string {
  const options = readOptions(cmd.args, { longWithValue: ["role"] });
  return options.options.find((o) => o.name === "role")?.value ?? "";
}

function gsutil(cmd: ResolvedCommand): Match {
  const { ops, read: options } = read(cmd, { shortWithValue: "ohuip" });
  const [verb = ""] = ops;
  if (verb === "rb") return cloudDelete();
  if (verb === "rm" && ops.some((op) => TFSTATE.test(op))) return infraDestroy();
  if (
    verb === "rm" &&
    (hasOption(options, "r", "R", "a") || ops.some((op) => /\*\*|\/\*$/.test(op)))
  )
    return cloudDelete();
  if (verb === "rsync" && hasOption(options, "d") && !hasOption(options, "n")) return cloudDelete();
  if (
    (verb === "iam" || verb === "acl" || verb === "defacl") &&
    OPEN_TO_ALL.test(ops.join(" ") + " " + cmd.args.map((w) => w.text).join(" "))
  )
    return grant();
  return null;
}

const RCLONE: OptionTable = {
  longWithValue: [
    "config",
    "transfers",
    "checkers",
    "log-file",
    "log-level",
    "include",
    "exclude",
    "filter",
    "min-age",
    "max-age",
    "bwlimit",
    "backup-dir",
    "suffix",
    "max-delete",
    "order-by",
    "exclude-from",
    "include-from",
    "filter-from",
    "files-from",
  ],
  shortWithValue: "",
  long: ["dry-run", "interactive", "verbose", "progress", "delete-empty-src-dirs"],
};

/** True when an rclone or transfer location is a remote (`name:path`) or outside the tree. */
function remoteOrOutside(location: string): boolean {
  if (/^[\w.-]{2,}:/.test(location)) return true;
  const scope = deleteScopeOf(location, false);
  return scope !== "inside" && scope !== "tree-root";
}

function rclone(cmd: ResolvedCommand): Match {
  const { ops, read: options } = read(cmd, RCLONE);
  if (hasOption(options, ...DRY_RUN, "i", "interactive")) return null;
  const [verb = "", first = "", second = ""] = ops;
  if (/^(?:purge|delete|deletefile|rmdir|rmdirs|cleanup|dedupe)$/.test(verb)) return cloudDelete();
  if (verb === "sync" && second !== "" && remoteOrOutside(second)) return cloudDelete();
  if (/^(?:move|moveto)$/.test(verb) && first !== "" && remoteOrOutside(first))
    return cloudDelete();
  if (verb === "bisync" && hasOption(options, "resync")) return cloudDelete();
  return null;
}

function s3cmd(cmd: ResolvedCommand): Match {
  const { ops, read: options } = read(cmd, { shortWithValue: "c", longWithValue: ["config"] });
  const [verb = ""] = ops;
  if (hasOption(options, ...DRY_RUN)) return null;
  if (verb === "rb" || verb === "purge") return cloudDelete();
  if ((verb === "del" || verb === "rm") && hasOption(options, "r", "recursive"))
    return cloudDelete();
  if (verb === "sync" && hasOption(options, "delete-removed", "delete-after")) return cloudDelete();
  if (verb === "setacl" && hasOption(options, "acl-public")) return grant();
  return null;
}

function minioClient(cmd: ResolvedCommand): Match {
  const { ops, read: options } = read(cmd, { longWithValue: ["config-dir"], shortWithValue: "C" });
  const [verb = ""] = ops;
  if (verb === "rb") return cloudDelete();
  if (verb === "rm" && hasOption(options, "r", "recursive", "versions", "incomplete"))
    return cloudDelete();
  if (verb === "mirror" && hasOption(options, "remove", "overwrite")) return cloudDelete();
  if (
    (verb === "anonymous" || verb === "policy") &&
    /^(?:set|public)$/.test(ops[1] ?? "") &&
    /public|download|upload/.test(ops.join(" "))
  )
    return grant();
  return null;
}

// Terraform-style flags are single-dash long names (`-auto-approve`, `-chdir=infra`); these
// take the next word as their value when not given with `=`.
const TERRAFORM_VALUES =
  /^(?:var|var-file|target|replace|out|state|state-out|backup|lock-timeout|parallelism|chdir|terragrunt-working-dir|terragrunt-config)$/;

function terraformWords(cmd: ResolvedCommand): { ops: string[]; flags: string[] } {
  const ops: string[] = [];
  const flags: string[] = [];
  const texts = cmd.args.map((word) => word.text);
  for (let i = 0; i < texts.length; i++) {
    const text = texts[i] ?? "";
    if (!text.startsWith("-") || text === "-") {
      ops.push(text);
      continue;
    }
    const name = text.replace(/^--?/, "").split("=")[0] ?? "";
    flags.push(name);
    if (!text.includes("=") && TERRAFORM_VALUES.test(name)) i++;
  }
  return { ops, flags };
}

function terraform(cmd: ResolvedCommand): Match {
  const { ops, flags } = terraformWords(cmd);
  // terragrunt runs a command across every module: `run-all destroy`, `run --all apply`.
  const at = /^(?:run-all|run)$/.test(ops[0] ?? "") ? 1 : 0;
  const verb = ops[at] ?? "";
  const next = ops[at + 1] ?? "";
  if (/^(?:destroy|destroy-all)$/.test(verb)) return infraDestroy();
  if (verb === "apply" && flags.includes("destroy")) return infraDestroy();
  if (
    (verb === "state" && /^(?:rm|replace-provider)$/.test(next)) ||
    (verb === "workspace" && next === "delete")
  )
    return infraDestroy();
  // Forcing a lock open, pushing a state over the remote one or marking resources for
  // replacement change what the next apply destroys, outside any plan.
  if (
    verb === "force-unlock" ||
    verb === "taint" ||
    (verb === "state" && next === "push" && flags.includes("force"))
  )
    return matchOf(OPS_CLI_RULES.stateChange);
  if (verb !== "apply" && verb !== "apply-all") return null;
  // `apply plan.tfplan` applies a saved (reviewed) plan.
  if (verb === "apply" && next !== "") return null;
  const unattended =
    verb === "apply-all" ||
    ops[0] === "run-all" ||
    flags.some((flag) =>
      /^(?:auto-approve|terragrunt-non-interactive|non-interactive|all)$/.test(flag),
    );
  return unattended ? matchOf(CLOUD_RULES.unreviewedApply) : null;
}

function pulumi(cmd: ResolvedCommand): Match {
  const { ops, read: options } = read(cmd, {
    shortWithValue: "Cs",
    longWithValue: ["cwd", "stack"],
  });
  const [verb = "", sub = ""] = ops;
  if (hasOption(options, "preview-only")) return null;
  if (verb === "destroy" || verb === "down") return infraDestroy();
  if ((verb === "stack" && sub === "rm") || (verb === "state" && sub === "delete"))
    return infraDestroy();
  if ((verb === "up" || verb === "update") && hasOption(options, "y", "yes", "skip-preview"))
    return matchOf(CLOUD_RULES.unreviewedApply);
  return null;
}

function stackTool(cmd: ResolvedCommand): Match {
  const { ops, read: options } = read(cmd, {
    longWithValue: ["stage", "region", "app", "profile", "require-approval"],
    shortWithValue: "sra",
  });
  const verb = ops[0] ?? "";
  if (verb === "destroy" || verb === "remove") return infraDestroy();
  if (
    cmd.name === "cdk" &&
    verb === "deploy" &&
    options.options.some((o) => o.name === "require-approval" && o.value === "never")
  )
    return matchOf(CLOUD_RULES.unreviewedApply);
  return null;
}

function helm(cmd: ResolvedCommand): Match {
  const { ops, read: options } = read(cmd, {
    shortWithValue: "nf",
    longWithValue: [
      "namespace",
      "kube-context",
      "kubeconfig",
      "kube-apiserver",
      "kube-token",
      "registry-config",
      "repository-cache",
      "repository-config",
      "values",
      "set",
      "set-string",
      "set-file",
      "version",
      "timeout",
      "post-renderer",
      "description",
    ],
    long: ["force", "force-replace", "dry-run", "install", "atomic", "wait", "reset-values"],
  });
  const verb = ops[0] ?? "";
  if (hasOption(options, "dry-run")) return null;
  if (/^(?:uninstall|delete|del|un)$/.test(verb)) return infraDestroy();
  // A rollback redeploys an old release over the live one (its migrations, its config).
  if (verb === "rollback") return matchOf(CLUSTER_RULES.disruption);
  // `--force` replaces resources by deleting and recreating them (downtime, lost state).
  if (/^(?:upgrade|install)$/.test(verb) && hasOption(options, "force", "force-replace"))
    return matchOf(CLUSTER_RULES.disruption);
  return null;
}

// Hosting and cloud CLIs whose delete verbs are plain words (`fly apps destroy`, `heroku
// apps:destroy`, `wrangler r2 bucket delete`, `openstack server delete`).
const HOSTING_VERB =
  /^(?:delete|destroy|remove|rm|purge|terminate|del)$|(?:^|:)(?:destroy|delete|remove|reset|purge|wipe|killall)$|^[\w-]+-(?:delete|destroy|remove|purge)$/i;

function hosting(cmd: ResolvedCommand): Match {
  const { ops, read: options } = read(cmd, {
    shortWithValue: "aprn",
    longWithValue: [
      "app",
      "project",
      "region",
      "profile",
      "config",
      "env",
      "environment",
      "scope",
      "token",
      "name",
    ],
  });
  if (hasOption(options, ...DRY_RUN, "help", "h")) return null;
  const verbs = ops.slice(0, 4);
  if (cmd.name === "railway" && (verbs[0] === "down" || verbs[0] === "delete"))
    return cloudDelete();
  if (cmd.name === "supabase") {
    if (verbs[0] === "db" && verbs[1] === "reset")
      return hasOption(options, "linked", "db-url") ? cloudDelete() : null;
    return verbs[0] === "projects" && verbs[1] === "delete" ? cloudDelete() : null;
  }
  return verbs.some((verb) => HOSTING_VERB.test(verb)) ? cloudDelete() : null;
}

const BY_NAME: ReadonlyMap<string, CommandRule> = new Map<string, CommandRule>([
  ["aws", aws],
  ["gcloud", gcloud],
  ["az", az],
  ["gsutil", gsutil],
  ["rclone", rclone],
  ["s3cmd", s3cmd],
  ["mc", minioClient],
  ["mcli", minioClient],
  ["terraform", terraform],
  ["tofu", terraform],
  ["terragrunt", terraform],
  ["pulumi", pulumi],
  ["cdk", stackTool],
  ["cdktf", stackTool],
  ["serverless", stackTool],
  ["sls", stackTool],
  ["sst", stackTool],
  ["helm", helm],
  ...[
    "doctl",
    "fly",
    "flyctl",
    "heroku",
    "vercel",
    "netlify",
    "firebase",
    "supabase",
    "wrangler",
    "railway",
    "openstack",
    "oci",
    "linode-cli",
    "linode",
    "vultr-cli",
    "hcloud",
    "scw",
    "ibmcloud",
    "exo",
    "render",
    "upcloud",
  ].map((name): [string, CommandRule] => [name, hosting]),
]);

/** Cloud, infrastructure and hosting CLI rules dispatched by command name. */
export const cloudCliRules: CommandRule = (cmd, ctx) => BY_NAME.get(cmd.name)?.(cmd, ctx) ?? null;

/** Names {@link cloudCliRules} judges (the platform table leaves them to it). */
export const CLOUD_CLI_NAMES: ReadonlySet<string> = new Set(BY_NAME.keys());
