// Verb tables for access widened or credentials handed out through cloud and cluster CLIs, in
// the forms the other tables do not read: kubeconfigs flattened with their keys, datastore
// ports exposed through a load balancer, private keys copied into cluster secrets, Argo CD
// admin passwords and tokens, resource policies and KMS grants (AWS), login keys and root
// passwords set through instance metadata or the cloud's user commands (gcloud, az), key vault
// policies granting everything, and managed databases opened to every address.
import type { CliTable, VerbInput } from "./cli-verb-tables.js";
import { AWS_OPTIONS, CLOUD_RULES, GCLOUD_OPTIONS } from "./cloud-cli-rules.js";
import { CLUSTER_RULES, KUBECTL } from "./cluster-rules.js";
import { EXEC_RULES } from "./exec-rules.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { SYSTEM_RULES } from "./system-rules.js";
import { WRITE_RULES } from "./write-rules.js";
import { isSendableSecretPath } from "../secret-paths.js";

const { accessGrant } = CLOUD_RULES;
const { secretRead } = OPS_CLI_RULES;

// Ports of datastores, brokers and admin APIs: a public load balancer in front of one exposes it.
const ADMIN_PORTS =
  /^(?:22|2375|2376|2379|3306|5432|5984|6379|6443|7474|8086|8200|8500|9000|9042|9092|9200|10250|11211|15672|27017|1433|1521|26257)$/;
const exposesAdminPort = ({ read, joined }: VerbInput): boolean =>
  /(?:^|\s)--type(?:=|\s+)(?:LoadBalancer|NodePort)\b/.test(joined) &&
  read.options.some(
    (o) => (o.name === "port" || o.name === "target-port") && ADMIN_PORTS.test(o.value ?? ""),
  );

// `--from-file=key=PATH` naming someone's login key or cloud credentials (a project's `.env`
// or a server certificate is what secrets are made from; a user's own keys are not).
const PERSONAL_CREDENTIALS =
  /(?:^|\/)\.(?:ssh|aws|kube|gnupg|docker|azure|config\/gcloud)\/|(?:^|\/)id_(?:rsa|dsa|ecdsa|ed25519)\b|^\/etc\/(?:shadow|gshadow)$/;
const copiesSecretFile = ({ joined }: VerbInput): boolean =>
  [...joined.matchAll(/--from-(?:file|env-file)(?:=|\s+)(?:[\w.-]+=)?(\S+)/g)].some(
    (m) => PERSONAL_CREDENTIALS.test(m[1] ?? "") && isSendableSecretPath(m[1] ?? ""),
  );

const KUBECTL_ACCESS: CliTable = {
  options: KUBECTL,
  preview: ["dry-run"],
  entries: [
    {
      verbs: /^config view\b/,
      when: ({ joined }) => /(?:^|\s)--flatten\b/.test(joined),
      rule: secretRead,
    },
    { verbs: /^expose\b/, when: exposesAdminPort, rule: CLUSTER_RULES.exposed },
    { verbs: /^create secret\b/, when: copiesSecretFile, rule: EXEC_RULES.exfiltration },
  ],
};

const ARGOCD_ACCESS: CliTable = {
  options: {
    shortWithValue: "n",
    longWithValue: ["namespace", "server", "auth-token", "account", "expires-in", "id"],
  },
  entries: [
    {
      verbs: /^(?:admin initial-password|account generate-token|proj role create-token)\b/,
      rule: secretRead,
    },
    {
      verbs: /^(?:account update-password|admin settings rbac|proj role add-policy \S+ \S+ .*\*)/,
      rule: OPS_CLI_RULES.adminAccess,
    },
  ],
};

// AWS resource policies and grants: who may read a key, a registry, a queue or a topic.
const AWS_ACCESS: CliTable = {
  options: AWS_OPTIONS,
  entries: [
    {
      verbs:
        /^(?:ecr set-repository-policy|ecr-public set-repository-policy|kms create-grant|kms put-key-policy|sns add-permission|sqs add-permission|secretsmanager put-resource-policy|glacier set-vault-access-policy|efs put-file-system-policy|backup put-backup-vault-access-policy|ses put-identity-policy|iam create-access-key|iam create-service-specific-credential)\b/,
      rule: accessGrant,
    },
  ],
};

const GCLOUD_ACCESS: CliTable = {
  options: GCLOUD_OPTIONS,
  entries: [
    {
      verbs: /^compute (?:instances|project-info) add-metadata\b/,
      when: ({ joined }) =>
        /\b(?:ssh-keys|sshKeys|startup-script|enable-oslogin=false|block-project-ssh-keys=false)\b/.test(
          joined,
        ),
      rule: WRITE_RULES.credential,
    },
    { verbs: /^sql users set-password\b/, rule: SYSTEM_RULES.accounts },
    { verbs: /^compute reset-windows-password\b/, rule: SYSTEM_RULES.accounts },
    {
      verbs: /^sql instances patch\b/,
      when: ({ joined }) =>
        /--authorized-networks(?:=|\s+)\S*0\.0\.0\.0\/0|--assign-ip\b.*--no-require-ssl|--no-require-ssl/.test(
          joined,
        ),
      rule: accessGrant,
    },
  ],
};

const AZ_ACCESS: CliTable = {
  options: {
    shortWithValue: "gnu",
    longWithValue: [
      "resource-group",
      "name",
      "username",
      "ssh-key-value",
      "password",
      "upn",
      "object-id",
      "spn",
      "secret-permissions",
      "key-permissions",
      "certificate-permissions",
      "subscription",
      "output",
      "query",
      "start-ip-address",
      "end-ip-address",
    ],
  },
  entries: [
    { verbs: /^vm (?:user (?:update|reset-ssh)|user update)\b/, rule: WRITE_RULES.credential },
    {
      verbs: /^keyvault set-policy\b/,
      when: ({ joined }) =>
        /--(?:secret|key|certificate)-permissions(?:=|\s+)(?:\S+\s+)*?(?:all|get|list|purge)\b/.test(
          joined,
        ),
      rule: accessGrant,
    },
    {
      verbs:
        /^(?:sql server|postgres (?:flexible-)?server|mysql (?:flexible-)?server|cosmosdb|storage account|redis|keyvault|acr|webapp|functionapp) update\b/,
      when: ({ joined }) =>
        /--(?:enable-public-network|public-network-access)(?:=|\s+)(?:true|Enabled)\b|--default-action(?:=|\s+)Allow\b|--allow-blob-public-access(?:=|\s+)true\b/.test(
          joined,
        ),
      rule: accessGrant,
    },
  ],
};

const DOCTL_ACCESS: CliTable = {
  options: { longWithValue: ["rule", "access-token", "context", "output", "format"] },
  entries: [
    {
      verbs: /^databases firewalls (?:append|replace)\b/,
      when: ({ joined }) => /ip_addr:0\.0\.0\.0\/0|ip_addr:::\/0/.test(joined),
      rule: accessGrant,
    },
    {
      verbs: /^compute firewall (?:add-rules|create|update)\b/,
      when: ({ joined }) =>
        /address:0\.0\.0\.0\/0\b/.test(joined) &&
        /ports:(?:22|3306|5432|6379|27017|all)\b/.test(joined),
      rule: accessGrant,
    },
  ],
};

/** Access-widening forms of cloud and cluster CLIs, by program name. */
export const ACCESS_WIDENING_CLI_TABLES: ReadonlyMap<string, CliTable> = new Map([
  ["kubectl", KUBECTL_ACCESS],
  ["oc", KUBECTL_ACCESS],
  ["argocd", ARGOCD_ACCESS],
  ["aws", AWS_ACCESS],
  ["gcloud", GCLOUD_ACCESS],
  ["az", AZ_ACCESS],
  ["doctl", DOCTL_ACCESS],
]);
