// Verb tables of fleet and configuration-management front ends not read elsewhere: Rancher
// and Karmada cluster membership, Chef's knife and Puppet's node and certificate commands,
// salt-key accepting or deleting every minion key, playbooks and dbt macros named for tearing
// down or dropping data, ansible-vault printing or decrypting secrets, and helm values that
// give a chart's pods the host (`--set securityContext.privileged=true`).
import type { CliTable, VerbInput } from "./cli-verb-tables.js";
import { CLUSTER_RULES } from "./cluster-rules.js";
import { manifestRisks } from "./manifest-risks.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { PLATFORM_RULES } from "./platform-rules.js";
import { SQL_RULES } from "./sql-rules.js";
import { teardownName } from "./teardown-targets.js";

const { cloudDelete, dockerHost } = PLATFORM_RULES;
const { secretRead, adminAccess, teardownTarget } = OPS_CLI_RULES;

const RANCHER: CliTable = {
  options: { longWithValue: ["context", "format", "cluster", "project", "namespace"] },
  entries: [
    {
      verbs:
        /^(?:clusters?|projects?|namespaces?|apps?|nodes?|machines?|catalog|multiclusterapps?) (?:rm|delete|remove)\b/,
      rule: cloudDelete,
    },
    { verbs: /^(?:rm|delete)\b/, rule: cloudDelete },
  ],
};
const KARMADACTL: CliTable = {
  options: {
    longWithValue: ["kubeconfig", "karmada-context", "cluster-kubeconfig", "cluster-context"],
  },
  entries: [
    { verbs: /^(?:unjoin|unregister|deinit|cordon|taint)\b/, rule: CLUSTER_RULES.disruption },
    { verbs: /^delete\b/, rule: cloudDelete },
  ],
};

// Chef's knife: nodes, clients and data removed; encrypted data bags shown with their key.
const KNIFE: CliTable = {
  options: {
    shortWithValue: "cuksFEa",
    longWithValue: [
      "config",
      "user",
      "key",
      "server-url",
      "format",
      "environment",
      "secret",
      "secret-file",
      "attribute",
    ],
    long: ["yes", "print-after", "purge"],
  },
  entries: [
    {
      verbs:
        /^(?:node|client|role|environment|cookbook|data bag|user|org|policy|policy group|tag) (?:delete|bulk delete)\b/,
      rule: cloudDelete,
    },
    {
      verbs: /^(?:data bag show|vault show)\b/,
      when: ({ read, ops }) =>
        read.options.some((o) => o.name === "secret" || o.name === "secret-file") ||
        ops[0] === "vault",
      rule: secretRead,
    },
  ],
};
const PUPPET: CliTable = {
  options: { longWithValue: ["environment", "server", "certname", "config", "modulepath"] },
  entries: [
    {
      verbs: /^(?:cert (?:clean|revoke)|node (?:clean|deactivate|purge)|ssl clean)\b/,
      rule: cloudDelete,
    },
    { verbs: /^ca (?:clean|revoke)\b/, rule: cloudDelete },
    {
      verbs: /^cert sign\b/,
      when: ({ joined }) => /(?:^|\s)--all\b/.test(joined),
      rule: adminAccess,
    },
  ],
};
const PUPPETSERVER: CliTable = {
  options: { longWithValue: ["certname", "config"] },
  entries: [
    { verbs: /^ca (?:clean|revoke)\b/, rule: cloudDelete },
    {
      verbs: /^ca sign\b/,
      when: ({ joined }) => /(?:^|\s)--all\b/.test(joined),
      rule: adminAccess,
    },
  ],
};

// salt-key: `-A` accepts every pending minion (any machine that asked now takes orders), `-D`
// deletes every key (the whole fleet is cut off), `-d NAME` one.
const SALT_KEY: CliTable = {
  options: {
    shortWithValue: "adrpfc",
    longWithValue: ["accept", "delete", "reject", "print", "finger", "config-dir", "out"],
    long: ["yes", "accept-all", "delete-all", "reject-all", "include-all", "list-all"],
  },
  entries: [
    {
      verbs: /^/,
      when: ({ read }) => read.options.some((o) => /^(?:A|accept-all)$/.test(o.name)),
      rule: adminAccess,
    },
    {
      verbs: /^/,
      when: ({ read }) =>
        read.options.some((o) => /^(?:D|delete-all|d|delete|R|reject-all)$/.test(o.name)),
      rule: cloudDelete,
    },
  ],
};

// A playbook named for tearing down (`teardown.yml`, `destroy-prod.yml`) or told `state=absent`.
const ANSIBLE_PLAYBOOK: CliTable = {
  options: {
    shortWithValue: "iuelftMkKcT",
    longWithValue: [
      "inventory",
      "user",
      "extra-vars",
      "limit",
      "forks",
      "tags",
      "skip-tags",
      "module-path",
      "connection",
      "timeout",
      "vault-password-file",
      "vault-id",
      "private-key",
      "become-user",
      "start-at-task",
    ],
    long: [
      "check",
      "diff",
      "syntax-check",
      "list-tasks",
      "list-hosts",
      "list-tags",
      "become",
      "ask-become-pass",
      "ask-vault-pass",
    ],
  },
  preview: ["C", "check", "syntax-check", "list-tasks", "list-hosts", "list-tags"],
  entries: [
    {
      verbs: /^/,
      when: ({ ops, read }: VerbInput) =>
        ops.some((op) => teardownName(op.replace(/\.ya?ml$/, ""))) ||
        read.options.some(
          (o) =>
            /^(?:e|extra-vars)$/.test(o.name) &&
            /\bstate=absent\b|\b(?:destroy|teardown|wipe)=(?:true|yes)\b/.test(o.value ?? ""),
        ),
      rule: teardownTarget,
    },
  ],
};
const ANSIBLE_VAULT: CliTable = {
  options: {
    longWithValue: ["vault-password-file", "vault-id", "output", "encrypt-vault-id"],
    long: ["ask-vault-pass"],
  },
  entries: [{ verbs: /^(?:view|decrypt)\b/, rule: secretRead }],
};

// dbt: incremental models rebuilt from scratch in production, or a macro named for dropping.
const DBT: CliTable = {
  options: {
    shortWithValue: "tsm",
    longWithValue: [
      "target",
      "select",
      "models",
      "exclude",
      "vars",
      "profiles-dir",
      "project-dir",
      "args",
      "threads",
      "selector",
    ],
    long: ["full-refresh", "fail-fast"],
  },
  entries: [
    {
      verbs: /^(?:run|build|seed)\b/,
      when: ({ read }) =>
        read.options.some((o) => o.name === "full-refresh") &&
        read.options.some(
          (o) => /^(?:t|target)$/.test(o.name) && /prod|live|main/i.test(o.value ?? ""),
        ),
      rule: SQL_RULES.datastore,
    },
    {
      verbs: /^run-operation \S+/,
      when: ({ ops }) => teardownName(ops[1] ?? "") || /^drop|drop_|clean|purge/.test(ops[1] ?? ""),
      rule: SQL_RULES.datastore,
    },
  ],
};

// helm values written as `key.path=value` read like the manifest fields they become.
function helmValuesRisk({ read }: VerbInput): boolean {
  const lines = read.options
    .filter((o) => /^(?:set|set-string|set-literal|set-json)$/.test(o.name))
    .flatMap((o) => (o.value ?? "").split(","))
    .map((pair) => pair.replace(/^(?:[\w-]+\.)*([\w-]+)(?:\[\d+\])?=(.*)$/, "$1: $2"));
  return manifestRisks(lines.join("\n")).length > 0;
}
const HELM_VALUES: CliTable = {
  options: {
    shortWithValue: "nfo",
    longWithValue: [
      "namespace",
      "values",
      "set",
      "set-string",
      "set-file",
      "set-json",
      "set-literal",
      "version",
      "repo",
      "kube-context",
      "post-renderer",
      "timeout",
    ],
    long: ["install", "atomic", "wait", "create-namespace", "force", "reuse-values", "dry-run"],
  },
  preview: ["dry-run"],
  entries: [{ verbs: /^(?:install|upgrade)\b/, when: helmValuesRisk, rule: dockerHost }],
};

/** Fleet and configuration-management front ends, by program name. */
export const CLUSTER_CONFIG_CLI_TABLES: ReadonlyMap<string, CliTable> = new Map([
  ["rancher", RANCHER],
  ["karmadactl", KARMADACTL],
  ["knife", KNIFE],
  ["puppet", PUPPET],
  ["puppetserver", PUPPETSERVER],
  ["salt-key", SALT_KEY],
  ["ansible-playbook", ANSIBLE_PLAYBOOK],
  ["ansible-vault", ANSIBLE_VAULT],
  ["dbt", DBT],
  ["helm", HELM_VALUES],
]);
