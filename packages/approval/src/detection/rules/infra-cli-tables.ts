// Verb tables of cluster provisioners (eksctl, kind, k3d, minikube, kops, talosctl), image
// registry clients (skopeo, crane, regctl, oras), BigQuery's `bq`, and the in-place state
// changes of the big cloud CLIs that are not deletes (DNS record changes, audit logging or
// alarms stopped, services scaled to zero, deletion protection removed). Deletes by the cloud
// CLIs themselves stay in cloud-cli-rules.
import type { OptionTable } from "@hermes-agent/shell";
import { AWS_OPTIONS, CLOUD_RULES, GCLOUD_OPTIONS } from "./cloud-cli-rules.js";
import { CLUSTER_RULES } from "./cluster-rules.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { PLATFORM_RULES } from "./platform-rules.js";
import { valueOf, zeroValue, type CliTable, type VerbInput } from "./cli-verb-tables.js";

const { cloudDelete, infraDestroy } = PLATFORM_RULES;
const { stateChange } = OPS_CLI_RULES;
const DRY_RUN = ["dry-run", "dryrun"];

const EKSCTL: CliTable = {
  options: {
    shortWithValue: "nrpfc",
    longWithValue: ["name", "region", "profile", "config-file", "cluster", "nodes", "timeout"],
    long: ["wait", "approve", "undo", "force", "disable-eviction"],
  },
  entries: [
    { verbs: /^delete\b/, rule: cloudDelete },
    {
      verbs: /^drain nodegroups?\b/,
      when: ({ read }) => !read.options.some((o) => o.name === "undo"),
      rule: CLUSTER_RULES.disruption,
    },
    {
      verbs: /^scale nodegroups?\b/,
      when: ({ read }) => zeroValue(read, "nodes", "N", "nodes-max"),
      rule: stateChange,
    },
  ],
};

const LOCAL_CLUSTER: OptionTable = {
  shortWithValue: "p",
  longWithValue: ["name", "kubeconfig", "profile"],
  long: ["all", "purge"],
};

const KIND: CliTable = {
  options: LOCAL_CLUSTER,
  entries: [{ verbs: /^delete\b/, rule: infraDestroy }],
};
const K3D: CliTable = {
  options: LOCAL_CLUSTER,
  entries: [{ verbs: /^(?:cluster|node|registry) (?:delete|rm)\b/, rule: infraDestroy }],
};
const MINIKUBE: CliTable = {
  options: LOCAL_CLUSTER,
  entries: [{ verbs: /^delete\b/, rule: infraDestroy }],
};
const KOPS: CliTable = {
  options: { longWithValue: ["name", "state", "yes"], long: ["yes", "force", "cloudonly"] },
  entries: [
    { verbs: /^delete\b/, rule: cloudDelete },
    {
      verbs: /^rolling-update\b/,
      when: ({ joined }) => /(?:^|\s)(?:--yes|-y)\b/.test(joined),
      rule: CLUSTER_RULES.disruption,
    },
  ],
};
const TALOSCTL: CliTable = {
  options: { shortWithValue: "ne", longWithValue: ["nodes", "endpoints", "talosconfig"] },
  entries: [{ verbs: /^(?:reset|upgrade-k8s|wipe)\b/, rule: infraDestroy }],
};

// Image registries: a deleted tag or manifest breaks every deployment that pulls it.
const REGISTRY_OPTIONS: OptionTable = {
  longWithValue: ["creds", "authfile", "command-timeout", "registry-token", "platform", "host"],
};
const SKOPEO: CliTable = {
  options: REGISTRY_OPTIONS,
  entries: [{ verbs: /^delete\b/, rule: cloudDelete }],
};
const CRANE: CliTable = {
  options: REGISTRY_OPTIONS,
  entries: [{ verbs: /^(?:delete|rm)\b/, rule: cloudDelete }],
};
const REGCTL: CliTable = {
  options: REGISTRY_OPTIONS,
  entries: [
    { verbs: /^(?:tag|manifest|image|blob|repo|artifact) (?:delete|rm)\b/, rule: cloudDelete },
  ],
};
const ORAS: CliTable = {
  options: REGISTRY_OPTIONS,
  entries: [{ verbs: /^(?:manifest|blob|repo|tag) (?:delete|rm)\b/, rule: cloudDelete }],
};

// `bq --project_id=p rm -r -f -d ds`: global flags use underscores and `=`.
const BQ: CliTable = {
  options: {
    longWithValue: ["project_id", "location", "dataset_id", "format", "api", "job_id"],
    long: ["dry_run", "force", "recursive"],
  },
  preview: ["dry_run"],
  entries: [
    { verbs: /^rm\b/, rule: cloudDelete },
    {
      verbs: /^(?:update|mk)\b/,
      when: ({ joined }) => /--(?:default_table_expiration|expiration)[= ]0*[1-9]/.test(joined),
      rule: stateChange,
    },
  ],
};

const zero =
  (...names: readonly string[]) =>
  ({ read }: VerbInput): boolean =>
    zeroValue(read, ...names);

// AWS actions that change live state in place without a `delete-` in their name.
const AWS: CliTable = {
  options: {
    ...AWS_OPTIONS,
    longWithValue: [
      ...(AWS_OPTIONS.longWithValue ?? []),
      "desired-count",
      "desired-capacity",
      "max-size",
      "min-size",
      "reserved-concurrent-executions",
      "versioning-configuration",
      "backup-retention-period",
      "hosted-zone-id",
      "change-batch",
      "policy-document",
    ],
  },
  preview: DRY_RUN,
  entries: [
    { verbs: /^route53 change-resource-record-sets\b/, rule: stateChange },
    {
      verbs: /^iam (?:put-(?:user|role|group)-policy|create-policy-version)\b/,
      when: ({ read }) => OPEN_POLICY.test(valueOf(read, "policy-document")),
      rule: CLOUD_RULES.accessGrant,
    },
    { verbs: /^cloudtrail (?:stop-logging|put-event-selectors)\b/, rule: stateChange },
    { verbs: /^config stop-configuration-recorder\b/, rule: stateChange },
    { verbs: /^[\w-]+ disable-[\w-]+/, rule: stateChange },
    { verbs: /^[\w-]+ (?:reboot|stop|hibernate)-[\w-]+/, rule: stateChange },
    {
      verbs: /^organizations (?:leave-organization|remove-account-from-organization)\b/,
      rule: stateChange,
    },
    {
      verbs: /^s3api put-bucket-versioning\b/,
      when: ({ joined }) => /Suspended/i.test(joined),
      rule: stateChange,
    },
    { verbs: /^s3api put-bucket-lifecycle(?:-configuration)?\b/, rule: stateChange },
    { verbs: /^ecs update-service\b/, when: zero("desired-count"), rule: stateChange },
    {
      verbs: /^autoscaling (?:update-auto-scaling-group|set-desired-capacity)\b/,
      when: zero("desired-capacity", "max-size"),
      rule: stateChange,
    },
    {
      verbs: /^lambda put-function-concurrency\b/,
      when: zero("reserved-concurrent-executions"),
      rule: stateChange,
    },
    {
      verbs: /^rds modify-db-(?:instance|cluster)\b/,
      when: ({ read }) =>
        read.options.some((o) => o.name === "no-deletion-protection") ||
        zeroValue(read, "backup-retention-period"),
      rule: stateChange,
    },
    {
      verbs: /^ec2 modify-instance-attribute\b/,
      when: ({ joined }) => /--no-disable-api-termination/.test(joined),
      rule: stateChange,
    },
    // User data runs as root at the instance's next boot.
    {
      verbs: /^ec2 modify-instance-attribute\b/,
      when: ({ joined }) => /--user-data\b|--attribute[= ]userData\b/.test(joined),
      rule: OPS_CLI_RULES.remoteCommand,
    },
  ],
};

// gcloud: instances stopped or reset, APIs or logging disabled, clusters resized to nothing.
const GCLOUD: CliTable = {
  options: {
    ...GCLOUD_OPTIONS,
    longWithValue: [...(GCLOUD_OPTIONS.longWithValue ?? []), "num-nodes", "activation-policy"],
  },
  entries: [
    { verbs: /^(?:[\w-]+ )+(?:stop|suspend|reset|disable)\b/, rule: stateChange },
    { verbs: /^(?:[\w-]+ )+resize\b/, when: zero("num-nodes", "size"), rule: stateChange },
    {
      verbs: /^sql instances patch\b/,
      when: ({ read }) => valueOf(read, "activation-policy").toUpperCase() === "NEVER",
      rule: stateChange,
    },
  ],
};

// az: virtual machines and apps stopped or deallocated, clusters scaled to zero.
const AZ: CliTable = {
  options: {
    shortWithValue: "gno",
    longWithValue: ["subscription", "output", "query", "name", "resource-group", "node-count"],
  },
  entries: [
    { verbs: /^(?:[\w-]+ )+(?:stop|deallocate|disable)\b/, rule: stateChange },
    // A complete-mode deployment deletes every resource of the group not in the template.
    {
      verbs: /^deployment (?:group|sub|mg|tenant) create\b/,
      when: ({ joined }) => /--mode[= ]Complete\b/i.test(joined),
      rule: infraDestroy,
    },
    // An inbound rule allowing every source address.
    {
      verbs: /^network nsg rule (?:create|update)\b/,
      when: ({ joined }) =>
        /--source-address-prefix(?:es)?[= ](?:'?\*'?|Internet|Any|0\.0\.0\.0\/0)(?:\s|$)/i.test(
          joined,
        ) && !/--access[= ]Deny\b/i.test(joined),
      rule: CLOUD_RULES.accessGrant,
    },
    { verbs: /^(?:[\w-]+ )+scale\b/, when: zero("node-count"), rule: stateChange },
  ],
};

// Server hosts: a rebuild or restore wipes the server's disk; power actions take it down.
const SERVER_HOST: CliTable = {
  options: {
    shortWithValue: "op",
    longWithValue: ["output", "context", "access-token", "profile", "config", "image", "region"],
  },
  entries: [
    { verbs: /^(?:[\w-]+ )+(?:rebuild|reinstall|restore|reimage)\b/, rule: cloudDelete },
    {
      verbs: /^(?:[\w-]+ )+(?:poweroff|power-off|shutdown|power-cycle|reset|reboot|stop)\b/,
      rule: stateChange,
    },
  ],
};

// oci: `compute instance action --action STOP`, `db system ... --action`.
const OCI: CliTable = {
  options: { longWithValue: ["profile", "region", "config-file", "instance-id", "action"] },
  entries: [
    {
      verbs: /^compute instance action\b/,
      when: ({ read }) => /^(?:STOP|SOFTSTOP|RESET|SOFTRESET)$/i.test(valueOf(read, "action")),
      rule: stateChange,
    },
  ],
};

// IAM policies whose document cannot be read here (a file) or that allow every action.
const OPEN_POLICY = /"Action"\s*:\s*(?:\[\s*)?"\*"|^(?:file|fileb):\/\//;

/** Cluster provisioner, registry and cloud state-change tables by command name. */
export const INFRA_CLI_TABLES: ReadonlyMap<string, CliTable> = new Map([
  ["eksctl", EKSCTL],
  ["kind", KIND],
  ["k3d", K3D],
  ["minikube", MINIKUBE],
  ["kops", KOPS],
  ["talosctl", TALOSCTL],
  ["skopeo", SKOPEO],
  ["crane", CRANE],
  ["gcrane", CRANE],
  ["regctl", REGCTL],
  ["oras", ORAS],
  ["bq", BQ],
  ["aws", AWS],
  ["oci", OCI],
  ...["doctl", "hcloud", "linode-cli", "linode", "vultr-cli", "scw", "upcloud", "exo"].map(
    (name): [string, CliTable] => [name, SERVER_HOST],
  ),
  ["gcloud", GCLOUD],
  ["az", AZ],
]);
