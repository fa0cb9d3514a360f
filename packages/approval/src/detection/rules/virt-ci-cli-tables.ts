// Verb tables of machine and container hosts (LXD/Incus, libvirt's virsh, VirtualBox, Proxmox's
// qm/pct, Xen's xl), CI servers driven from their clients (Concourse's fly, CircleCI, Drone,
// Woodpecker, GitLab runners, Argo Workflows, Spinnaker) and kustomize: instances, volumes,
// pipelines and secrets deleted, machines powered off hard, instances made privileged or given
// the host's disk, and kustomize builds allowed to run plugin programs from a remote source.
import type { OptionTable } from "@hermes-agent/shell";
import { CLUSTER_RULES } from "./cluster-rules.js";
import { EXEC_RULES } from "./exec-rules.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { PLATFORM_RULES } from "./platform-rules.js";
import type { CliTable, VerbInput } from "./cli-verb-tables.js";

const { cloudDelete, infraDestroy, dockerHost } = PLATFORM_RULES;
const { stateChange, repoSettings, secretRead } = OPS_CLI_RULES;

// LXD's `lxc` and its fork `incus` share their commands and options.
const LXD: CliTable = {
  options: {
    shortWithValue: "pcet",
    longWithValue: ["project", "target", "config", "type", "format", "mode", "storage", "network"],
    long: ["force", "interactive", "all", "stateful", "quiet", "force-local"],
  },
  entries: [
    { verbs: /^(?:delete|rm)\b/, rule: infraDestroy },
    {
      verbs:
        /^(?:storage (?:volume )?|network |project |profile |image |cluster |snapshot |storage bucket )(?:delete|rm|remove)\b/,
      rule: infraDestroy,
    },
    { verbs: /^cluster (?:evacuate|remove)\b/, rule: CLUSTER_RULES.disruption },
    {
      verbs: /^(?:stop|restart)\b/,
      when: ({ read }) => read.options.some((o) => o.name === "force" || o.name === "all"),
      rule: stateChange,
    },
    // An instance made privileged, or the host's filesystem or devices passed into it.
    {
      verbs:
        /^config set \S+ (?:security\.privileged|security\.nesting|raw\.lxc|raw\.apparmor|security\.syscalls\.intercept\.\w+)\b/,
      when: ({ ops }) => !/(?:^|=)(?:false|0)$/.test(ops[ops.length - 1] ?? ""),
      rule: dockerHost,
    },
    {
      verbs: /^config device add \S+ \S+ (?:disk|unix-block|unix-char|gpu)\b/,
      when: ({ joined }) =>
        /\bsource=\/(?:\s|$|etc\b|root\b|var\b|home\b|dev\b|proc\b|sys\b|boot\b|usr\b)/.test(
          joined,
        ),
      rule: dockerHost,
    },
    { verbs: /^config trust (?:add|remove)\b/, rule: CLUSTER_RULES.adminGrant },
  ],
};

const VIRSH: CliTable = {
  options: {
    shortWithValue: "cdlk",
    longWithValue: ["connect", "debug", "log", "keepalive-interval"],
  },
  entries: [
    {
      verbs:
        /^(?:undefine|vol-delete|vol-wipe|pool-delete|pool-undefine|net-undefine|snapshot-delete|checkpoint-delete|nodedev-destroy|secret-undefine)\b/,
      rule: infraDestroy,
    },
    { verbs: /^(?:destroy|reset|pool-destroy|net-destroy)\b/, rule: stateChange },
    { verbs: /^(?:shutdown|reboot|suspend|managedsave-remove)\b/, rule: stateChange },
    { verbs: /^snapshot-revert\b/, rule: infraDestroy },
    { verbs: /^secret-get-value\b/, rule: secretRead },
  ],
};

const VBOXMANAGE: CliTable = {
  options: { long: ["delete", "delete-all", "nologo"] },
  entries: [
    {
      verbs: /^(?:unregistervm|closemedium)\b/,
      when: ({ joined }) => /--delete\b/.test(joined),
      rule: infraDestroy,
    },
    { verbs: /^snapshot \S+ (?:delete|restore)\b/, rule: infraDestroy },
    { verbs: /^controlvm \S+ (?:poweroff|reset|acpipowerbutton)\b/, rule: stateChange },
  ],
};

// Proxmox's VM (`qm`) and container (`pct`) managers, and Xen's `xl`.
const PROXMOX: CliTable = {
  options: {
    longWithValue: ["purge", "skiplock", "timeout", "node"],
    long: ["force", "destroy-unreferenced-disks"],
  },
  entries: [
    { verbs: /^(?:destroy|delsnapshot|rollback|unlink)\b/, rule: infraDestroy },
    { verbs: /^(?:stop|reset|shutdown|reboot)\b/, rule: stateChange },
    {
      verbs: /^set \S+/,
      when: ({ joined }) => /--(?:unprivileged\s+0|features\s+\S*nesting=1)\b/.test(joined),
      rule: dockerHost,
    },
  ],
};
const XL: CliTable = {
  options: { shortWithValue: "" },
  entries: [{ verbs: /^(?:destroy|shutdown|reboot|pause)\b/, rule: stateChange }],
};

// Concourse's fly: pipelines, teams and workers removed, pipelines made public, shells in builds.
const FLY: CliTable = {
  options: {
    shortWithValue: "tpjcnbrw",
    longWithValue: [
      "target",
      "pipeline",
      "job",
      "config",
      "team-name",
      "team",
      "build",
      "resource",
      "worker",
    ],
    long: ["non-interactive", "all"],
  },
  entries: [
    {
      verbs:
        /^(?:destroy-pipeline|dp|destroy-team|dt|archive-pipeline|ap|prune-worker|pw|land-worker|lw|clear-task-cache|ctc|clear-resource-cache|crc|clear-versions|cv)\b/,
      rule: cloudDelete,
    },
    { verbs: /^(?:expose-pipeline|ep|set-team|st|rename-team)\b/, rule: repoSettings },
    { verbs: /^(?:hijack|intercept|i)\b/, rule: EXEC_RULES.remoteExec },
  ],
};

const CI_OPTIONS: OptionTable = {
  shortWithValue: "s",
  longWithValue: ["token", "server", "host", "org-id", "namespace", "config"],
};
const CIRCLECI: CliTable = {
  options: CI_OPTIONS,
  entries: [
    {
      verbs: /^context (?:delete|remove-secret|store-secret|env-var (?:delete|remove))\b/,
      rule: cloudDelete,
    },
    {
      verbs:
        /^(?:project (?:secret|env-var) (?:delete|remove|create)|runner (?:resource-class|token) delete)\b/,
      rule: cloudDelete,
    },
    { verbs: /^orb (?:unlist|publish promote)\b/, rule: repoSettings },
  ],
};
const DRONE: CliTable = {
  options: CI_OPTIONS,
  entries: [
    {
      verbs:
        /^(?:repo (?:rm|remove|chown)|secret (?:rm|remove|update)|orgsecret (?:rm|remove)|build purge|cron (?:rm|remove)|user (?:rm|remove)|server destroy)\b/,
      rule: cloudDelete,
    },
    {
      verbs: /^repo update\b/,
      when: ({ joined }) => /--(?:trusted|visibility(?:=|\s+)public)\b/.test(joined),
      rule: repoSettings,
    },
  ],
};
const GITLAB_RUNNER: CliTable = {
  options: { longWithValue: ["name", "url", "token", "config"], long: ["all-runners"] },
  entries: [{ verbs: /^(?:unregister|uninstall|reset-token)\b/, rule: cloudDelete }],
};
const ARGO_WORKFLOWS: CliTable = {
  options: {
    shortWithValue: "n",
    longWithValue: ["namespace", "selector", "older", "prefix"],
    long: ["all", "all-namespaces"],
  },
  entries: [
    {
      verbs: /^(?:delete|template delete|cron delete|cluster-template delete|archive delete)\b/,
      rule: cloudDelete,
    },
    {
      verbs: /^(?:terminate|stop)\b/,
      when: ({ ops, joined }) => ops.length < 2 || /--(?:all|selector)\b/.test(joined),
      rule: stateChange,
    },
  ],
};
const SPIN: CliTable = {
  options: { longWithValue: ["application", "name", "config", "gate-endpoint"] },
  entries: [
    {
      verbs: /^(?:pipeline|application|project|canary \S+|pipeline-template) delete\b/,
      rule: cloudDelete,
    },
  ],
};

// kustomize plugins: `--enable-exec`/`--enable-alpha-plugins` run programs named by the
// kustomization, which a remote source chooses.
const KUSTOMIZE: CliTable = {
  options: {
    shortWithValue: "o",
    longWithValue: ["output", "load-restrictor", "helm-command", "mount", "env", "network-name"],
    long: [
      "enable-exec",
      "enable-alpha-plugins",
      "enable-helm",
      "enable-star",
      "network",
      "as-current-user",
    ],
  },
  entries: [
    {
      verbs: /^(?:build|fn run)\b/,
      when: ({ read, ops }: VerbInput) =>
        read.options.some((o) => o.name === "enable-exec" || o.name === "enable-alpha-plugins") &&
        ops
          .slice(1)
          .some((op) =>
            /:\/\/|^(?:github\.com|gitlab\.com|bitbucket\.org)\/|^git@|\/\/\S/.test(op),
          ),
      rule: EXEC_RULES.remoteExec,
    },
  ],
};

// The classic LXC tools: `lxc-destroy -n web` names the container with an option.
const LXC_DESTROY: CliTable = {
  options: { shortWithValue: "nPo", longWithValue: ["name", "lxcpath", "logfile"] },
  entries: [{ verbs: /^/, rule: infraDestroy }],
};

/** Machine hosts, CI servers and kustomize, by program name. */
export const VIRT_CI_CLI_TABLES: ReadonlyMap<string, CliTable> = new Map([
  ["lxc", LXD],
  ["incus", LXD],
  ["virsh", VIRSH],
  ["VBoxManage", VBOXMANAGE],
  ["vboxmanage", VBOXMANAGE],
  ["qm", PROXMOX],
  ["pct", PROXMOX],
  ["xl", XL],
  ["lxc-destroy", LXC_DESTROY],
  ["fly", FLY],
  ["circleci", CIRCLECI],
  ["drone", DRONE],
  ["woodpecker-cli", DRONE],
  ["gitlab-runner", GITLAB_RUNNER],
  ["argo", ARGO_WORKFLOWS],
  ["spin", SPIN],
  ["kustomize", KUSTOMIZE],
]);
