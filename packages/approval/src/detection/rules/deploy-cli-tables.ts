// Verb tables of the tools around a cluster or a cloud account that deploy, sync and back it
// up: GitOps controllers (argocd, flux), backup (velero), meshes (istioctl), cluster set-up
// (kubeadm, microk8s, k3s/rke2 uninstall scripts), pipeline and serverless CLIs on a cluster
// (tkn, kn, skaffold, tilt), the AWS deploy tools beside `aws` (sam, copilot, amplify, eb),
// Azure's azcopy, local VM and scheduler CLIs (vagrant, nomad) and hosted databases (pscale,
// neonctl, turso). Deletes, uninstalls, rollbacks and pruning syncs are held.
import type { OptionTable } from "@hermes-agent/shell";
import { CLOUD_RULES } from "./cloud-cli-rules.js";
import { CLUSTER_RULES } from "./cluster-rules.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { PLATFORM_RULES } from "./platform-rules.js";
import { SYSTEM_RULES } from "./system-rules.js";
import { valueOf, type CliTable, type VerbInput } from "./cli-verb-tables.js";

const { cloudDelete, infraDestroy, k8sDelete } = PLATFORM_RULES;
const { stateChange } = OPS_CLI_RULES;

const has =
  (...names: readonly string[]) =>
  ({ read }: VerbInput): boolean =>
    read.options.some((o) => names.includes(o.name));

const KUBE_GLOBALS = ["namespace", "context", "kubeconfig", "cluster", "server", "token"];

const ARGOCD: CliTable = {
  options: {
    shortWithValue: "Nlpr",
    longWithValue: [
      ...KUBE_GLOBALS,
      "app-namespace",
      "auth-token",
      "config",
      "grpc-web-root-path",
      "port-forward-namespace",
      "header",
      "selector",
      "project",
      "revision",
      "resource",
      "propagation-policy",
      "label",
      "account",
      "current-password",
      "new-password",
    ],
    long: ["grpc-web", "insecure", "plaintext", "core", "yes", "prune", "force", "replace", "all"],
  },
  preview: ["dry-run", "preview-changes"],
  entries: [
    {
      verbs:
        /^(?:app|apps|appset|applicationset|proj|project|cluster|repo|repocreds|cert|gpg|account|context) (?:delete|rm|remove|delete-token)\b/,
      rule: k8sDelete,
    },
    { verbs: /^(?:app|apps) rollback\b/, rule: CLUSTER_RULES.disruption },
    {
      verbs: /^(?:app|apps) sync\b/,
      when: has("prune", "force", "replace"),
      rule: CLUSTER_RULES.disruption,
    },
    { verbs: /^(?:app|apps) (?:terminate-op|set)\b/, when: has("auto-prune"), rule: stateChange },
    { verbs: /^account (?:update-password|bcrypt)\b/, rule: SYSTEM_RULES.accounts },
  ],
};

const FLUX: CliTable = {
  options: {
    shortWithValue: "n",
    longWithValue: [...KUBE_GLOBALS, "timeout", "label-selector"],
    long: ["silent", "all", "all-namespaces", "keep-namespace"],
  },
  preview: ["dry-run"],
  entries: [
    { verbs: /^(?:delete|uninstall)\b/, rule: k8sDelete },
    { verbs: /^suspend\b/, rule: stateChange },
  ],
};

const VELERO: CliTable = {
  options: {
    shortWithValue: "n",
    longWithValue: [...KUBE_GLOBALS, "from-backup", "existing-resource-policy", "selector"],
    long: ["confirm", "all", "wait", "force"],
  },
  entries: [
    {
      verbs:
        /^(?:(?:backup|restore|schedule|backup-location|snapshot-location|repo) delete|delete (?:backup|restore|schedule|backup-location|snapshot-location))\b/,
      rule: cloudDelete,
    },
    { verbs: /^uninstall\b/, rule: infraDestroy },
    // A restore that overwrites live objects instead of skipping the ones that exist.
    {
      verbs: /^(?:restore create|create restore)\b/,
      when: ({ read }) => valueOf(read, "existing-resource-policy") === "update",
      rule: CLUSTER_RULES.disruption,
    },
  ],
};

const ISTIOCTL: CliTable = {
  options: {
    shortWithValue: "nfri",
    longWithValue: [...KUBE_GLOBALS, "istioNamespace", "revision", "filename", "set"],
    long: ["purge", "skip-confirmation", "yes"],
  },
  preview: ["dry-run"],
  entries: [
    { verbs: /^(?:x |experimental )?uninstall\b/, rule: infraDestroy },
    { verbs: /^(?:x |experimental )?(?:tag|revision) (?:remove|delete)\b/, rule: infraDestroy },
  ],
};

const CLUSTER_SETUP: CliTable = {
  options: { longWithValue: ["kubeconfig", "cri-socket", "cert-dir", "ignore-preflight-errors"] },
  preview: ["dry-run"],
  entries: [
    { verbs: /^(?:reset|remove-node|leave|uninstall|kill-all|killall)\b/, rule: infraDestroy },
  ],
};

// Scripts the k3s and rke2 installers leave behind: running one removes the cluster.
const UNINSTALL_SCRIPT: CliTable = { options: {}, entries: [{ verbs: /^/, rule: infraDestroy }] };

const KUBE_CLI: OptionTable = {
  shortWithValue: "n",
  longWithValue: [...KUBE_GLOBALS, "label", "selector"],
  long: ["all", "force", "all-namespaces"],
};
const TKN: CliTable = {
  options: KUBE_CLI,
  entries: [{ verbs: /^[\w-]+ (?:delete|rm)\b/, rule: k8sDelete }],
};
const KN: CliTable = {
  options: KUBE_CLI,
  entries: [{ verbs: /^(?:[\w-]+ )+(?:delete|rm)\b/, rule: k8sDelete }],
};
const SKAFFOLD: CliTable = {
  options: { shortWithValue: "fpm", longWithValue: [...KUBE_GLOBALS, "filename", "profile"] },
  preview: ["dry-run"],
  entries: [{ verbs: /^delete\b/, rule: k8sDelete }],
};
const TILT: CliTable = {
  options: { shortWithValue: "f", longWithValue: ["file", "context", "namespace"] },
  entries: [{ verbs: /^down\b/, when: has("delete-namespaces"), rule: k8sDelete }],
};

// The AWS deploy tools beside `aws`: each deletes a CloudFormation stack or an environment.
const AWS_DEPLOY_OPTIONS: OptionTable = {
  shortWithValue: "nae",
  longWithValue: [
    "stack-name",
    "region",
    "profile",
    "config-file",
    "config-env",
    "s3-bucket",
    "s3-prefix",
    "name",
    "app",
    "env",
    "environment",
    "envName",
  ],
  long: ["no-prompts", "yes", "force", "debug", "all"],
};
const SAM: CliTable = {
  options: AWS_DEPLOY_OPTIONS,
  entries: [
    { verbs: /^delete\b/, rule: infraDestroy },
    {
      verbs: /^(?:deploy|sync)\b/,
      when: ({ joined }) => /--no-confirm-changeset\b.*--no-fail-on-empty|--watch\b/.test(joined),
      rule: stateChange,
    },
  ],
};
const COPILOT: CliTable = {
  options: AWS_DEPLOY_OPTIONS,
  entries: [{ verbs: /^(?:[\w-]+ )?(?:delete|rm)\b/, rule: infraDestroy }],
};
const AMPLIFY: CliTable = {
  options: AWS_DEPLOY_OPTIONS,
  entries: [
    { verbs: /^delete\b/, rule: infraDestroy },
    { verbs: /^env (?:remove|delete)\b/, rule: infraDestroy },
  ],
};
const EB: CliTable = {
  options: AWS_DEPLOY_OPTIONS,
  entries: [{ verbs: /^(?:terminate|delete)\b/, rule: infraDestroy }],
};

const AZCOPY: CliTable = {
  options: {
    longWithValue: ["include-pattern", "exclude-pattern", "list-of-files", "log-level", "from-to"],
    long: ["recursive"],
  },
  preview: ["dry-run"],
  entries: [
    { verbs: /^(?:remove|rm)\b/, rule: cloudDelete },
    {
      verbs: /^sync\b/,
      when: ({ joined }) =>
        /--delete-destination(?:[= ](?:true|prompt))?\b(?!=false)/i.test(joined),
      rule: cloudDelete,
    },
  ],
};

const VAGRANT: CliTable = {
  options: { long: ["force", "parallel", "graceful"] },
  entries: [{ verbs: /^(?:destroy|box (?:remove|prune))\b/, rule: infraDestroy }],
};
const NOMAD: CliTable = {
  options: { longWithValue: ["address", "namespace", "region", "token"] },
  entries: [
    {
      verbs: /^(?:job|namespace|volume|acl [\w-]+|var|quota) (?:stop|delete|deregister|purge)\b/,
      rule: cloudDelete,
    },
    { verbs: /^node drain\b/, rule: CLUSTER_RULES.disruption },
  ],
};

// Hosted database CLIs: a deleted database or branch takes its data with it.
const HOSTED_DB: CliTable = {
  options: { shortWithValue: "o", longWithValue: ["org", "project-id", "output", "api-key"] },
  entries: [
    {
      verbs:
        /^(?:[\w-]+ )?(?:delete|destroy|rm|reset)\b|^(?:db|database|databases|branch|branches|projects?|group) (?:[\w-]+ )?(?:delete|destroy|rm|reset)\b/,
      rule: cloudDelete,
    },
  ],
};

// Local VM and image tools around containers: a deleted machine takes its containers along.
const BUILDAH: CliTable = {
  options: { longWithValue: ["root", "runroot", "storage-driver"], long: ["all", "force"] },
  entries: [
    {
      verbs: /^(?:rm|rmi|prune)\b/,
      when: has("all", "a", "force", "f"),
      rule: PLATFORM_RULES.dockerPrune,
    },
  ],
};
const PODMAN_MACHINE: CliTable = {
  options: {
    longWithValue: ["connection", "url", "identity", "root", "runroot"],
    long: ["remote"],
  },
  entries: [
    { verbs: /^machine (?:rm|reset)\b/, rule: infraDestroy },
    { verbs: /^system reset\b/, rule: PLATFORM_RULES.dockerPrune },
  ],
};
const VM_TOOL: CliTable = {
  options: { shortWithValue: "p", longWithValue: ["profile"], long: ["force", "purge", "all"] },
  entries: [{ verbs: /^(?:rm|delete|remove|destroy|purge|kill)\b/, rule: infraDestroy }],
};

// Password managers: a deleted item or vault is gone for everyone sharing it.
const OP: CliTable = {
  options: { longWithValue: ["vault", "account", "session", "format"], long: ["archive"] },
  entries: [
    {
      verbs: /^(?:item|vault|document|user|group|connect (?:server|token)) (?:delete|remove|rm)\b/,
      rule: cloudDelete,
    },
  ],
};
const BW: CliTable = {
  options: { longWithValue: ["session", "organizationid"], long: ["permanent"] },
  entries: [{ verbs: /^delete\b/, rule: cloudDelete }],
};
const LPASS: CliTable = { options: {}, entries: [{ verbs: /^rm\b/, rule: cloudDelete }] };
// pass/gopass: an entry or a whole folder of entries removed (`rm -r prod`).
const PASS_STORE: CliTable = {
  options: { long: ["recursive", "force"] },
  entries: [{ verbs: /^(?:rm|remove|delete)\b/, rule: cloudDelete }],
};

// vault: users and policies written (who may read every secret), the root token regenerated.
const VAULT: CliTable = {
  options: { longWithValue: ["address", "namespace", "format", "field", "mount", "policy"] },
  entries: [
    {
      verbs: /^write auth\/[^ ]+\/(?:users|role|roles|groups)\//,
      when: ({ joined }) => /\b(?:token_)?policies=\S*\b(?:root|admin|sudo)\b/.test(joined),
      rule: CLOUD_RULES.accessGrant,
    },
    {
      verbs: /^write auth\/[^ ]+\/users\/\S+/,
      when: ({ joined }) => /\bpassword=/.test(joined),
      rule: SYSTEM_RULES.accounts,
    },
    { verbs: /^policy (?:write|delete)\b/, rule: CLOUD_RULES.accessGrant },
    {
      verbs: /^operator (?:generate-root|rekey|seal|step-down|raft remove-peer)\b/,
      rule: stateChange,
    },
    { verbs: /^(?:auth|audit|secrets) disable\b/, rule: stateChange },
  ],
};

// Backup tools: forgetting, pruning or deleting snapshots and archives.
const { backupDelete } = OPS_CLI_RULES;
const RESTIC: CliTable = {
  options: {
    shortWithValue: "rpo",
    longWithValue: [
      "repo",
      "repository-file",
      "password-file",
      "password-command",
      "cache-dir",
      "option",
      "keep-last",
      "keep-daily",
      "keep-weekly",
      "keep-monthly",
      "keep-within",
      "host",
      "tag",
      "path",
    ],
    long: ["prune", "no-lock", "quiet", "verbose"],
  },
  preview: ["dry-run", "n"],
  entries: [{ verbs: /^(?:forget|prune|key (?:remove|rm))\b/, rule: backupDelete }],
};
const BORG: CliTable = {
  options: {
    longWithValue: [
      "keep-daily",
      "keep-weekly",
      "keep-monthly",
      "keep-last",
      "keep-within",
      "prefix",
      "glob-archives",
      "remote-path",
      "rsh",
    ],
    long: ["force", "stats", "list"],
  },
  preview: ["dry-run", "n"],
  entries: [{ verbs: /^(?:delete|prune|recreate)\b/, rule: backupDelete }],
};
const DUPLICITY: CliTable = {
  options: { longWithValue: ["archive-dir", "name", "encrypt-key", "sign-key"], long: ["force"] },
  preview: ["dry-run"],
  entries: [
    {
      verbs: /^(?:remove-older-than|remove-all-but-n-full|remove-all-inc-of-but-n-full)\b/,
      rule: backupDelete,
    },
    { verbs: /^cleanup\b/, when: has("force"), rule: backupDelete },
  ],
};
const KOPIA: CliTable = {
  options: {
    longWithValue: ["config-file", "password"],
    long: ["delete", "all-snapshots-for-source"],
  },
  entries: [
    {
      verbs: /^(?:snapshot (?:delete|expire)|repository (?:delete|disconnect)|maintenance run)\b/,
      when: has("delete", "full"),
      rule: backupDelete,
    },
  ],
};
const TARSNAP: CliTable = {
  options: { shortWithValue: "f", longWithValue: ["keyfile", "cachedir"] },
  entries: [
    {
      verbs: /^/,
      when: ({ read }) => read.options.some((o) => o.name === "d" || o.name === "nuke"),
      rule: backupDelete,
    },
  ],
};

// Docker swarm objects: services scaled to nothing or removed, nodes and secrets removed.
const DOCKER_SWARM: CliTable = {
  options: {
    shortWithValue: "Hcl",
    longWithValue: ["host", "context", "config", "log-level"],
    long: ["force", "detach"],
  },
  entries: [
    {
      verbs: /^service scale\b/,
      when: ({ ops }) => ops.slice(2).some((op) => /=0+$/.test(op)),
      rule: stateChange,
    },
    { verbs: /^(?:service|node) (?:rm|remove)\b/, rule: infraDestroy },
    { verbs: /^(?:secret|config) (?:rm|remove)\b/, rule: cloudDelete },
  ],
};

// Cloud Foundry: apps, spaces, orgs, services and routes deleted.
const CF: CliTable = {
  options: { shortWithValue: "os", longWithValue: ["org", "space"] },
  entries: [
    { verbs: /^(?:delete(?:-[\w-]+)?|purge-service-(?:offering|instance))\b/, rule: cloudDelete },
  ],
};

// Cloudflare's tunnel and DNS CLIs.
const CLOUDFLARED: CliTable = {
  options: { longWithValue: ["config", "origincert", "credentials-file"], long: ["force"] },
  entries: [{ verbs: /^tunnel (?:delete|cleanup)\b/, rule: cloudDelete }],
};
const FLARECTL: CliTable = {
  options: { longWithValue: ["zone", "id", "name", "type", "content"] },
  entries: [{ verbs: /^[\w-]+ (?:delete|rm|purge)\b/, rule: cloudDelete }],
};

/** Deploy, GitOps, backup and hosted-database CLI tables by command name. */
export const DEPLOY_CLI_TABLES: ReadonlyMap<string, CliTable> = new Map([
  ["argocd", ARGOCD],
  ["flux", FLUX],
  ["velero", VELERO],
  ["istioctl", ISTIOCTL],
  ["kubeadm", CLUSTER_SETUP],
  ["microk8s", CLUSTER_SETUP],
  ["k0s", CLUSTER_SETUP],
  ["k3s-uninstall.sh", UNINSTALL_SCRIPT],
  ["k3s-agent-uninstall.sh", UNINSTALL_SCRIPT],
  ["k3s-killall.sh", UNINSTALL_SCRIPT],
  ["rke2-uninstall.sh", UNINSTALL_SCRIPT],
  ["tkn", TKN],
  ["kn", KN],
  ["skaffold", SKAFFOLD],
  ["tilt", TILT],
  ["sam", SAM],
  ["copilot", COPILOT],
  ["amplify", AMPLIFY],
  ["eb", EB],
  ["azcopy", AZCOPY],
  ["vagrant", VAGRANT],
  ["nomad", NOMAD],
  ["buildah", BUILDAH],
  ["podman", PODMAN_MACHINE],
  ["docker-machine", VM_TOOL],
  ["colima", VM_TOOL],
  ["limactl", VM_TOOL],
  ["multipass", VM_TOOL],
  ["op", OP],
  ["pass", PASS_STORE],
  ["gopass", PASS_STORE],
  ["bw", BW],
  ["lpass", LPASS],
  ["vault", VAULT],
  ["bao", VAULT],
  ["restic", RESTIC],
  ["borg", BORG],
  ["borgbackup", BORG],
  ["duplicity", DUPLICITY],
  ["kopia", KOPIA],
  ["tarsnap", TARSNAP],
  ["docker", DOCKER_SWARM],
  ["cloudflared", CLOUDFLARED],
  ["cf", CF],
  ["cf8", CF],
  ["flarectl", FLARECTL],
  ["pscale", HOSTED_DB],
  ["neonctl", HOSTED_DB],
  ["neon", HOSTED_DB],
  ["turso", HOSTED_DB],
]);
