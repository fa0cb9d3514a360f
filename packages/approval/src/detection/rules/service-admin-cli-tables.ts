// Verb tables of service administration CLIs whose accounts and tokens guard whole systems:
// Consul, Nomad and Vault root or management tokens (and printing the current one), RabbitMQ
// administrators and allow-all permissions, InfluxDB all-access tokens, MinIO admin policies,
// etcd root roles, Kafka ACLs granted to every principal, Pulsar tenants and topics deleted,
// OpenShift tokens printed, and password-manager listings or exports that print every secret.
import type { CliTable } from "./cli-verb-tables.js";
import { CLOUD_RULES } from "./cloud-cli-rules.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { SQL_RULES } from "./sql-rules.js";
import { SYSTEM_RULES } from "./system-rules.js";
import { PROCESS_RULES } from "./process-rules.js";

const { adminAccess, secretRead, adminGuardOff } = OPS_CLI_RULES;

// Consul and Nomad take Go-style single-dash options (`-policy-name x`, `-type=management`).
const HASHICORP_OPTIONS = {
  longWithValue: [
    "http-addr",
    "token",
    "token-file",
    "address",
    "namespace",
    "region",
    "policy-name",
    "policy-id",
    "policy",
    "description",
    "type",
    "role-name",
    "ttl",
    "name",
    "format",
  ],
};

const MANAGEMENT =
  /(?:^|\s)-{1,2}(?:policy-name|policy|type)[= ](?:global-management|management|root)\b/;

const CONSUL: CliTable = {
  options: HASHICORP_OPTIONS,
  entries: [
    { verbs: /^acl bootstrap\b/, rule: adminAccess },
    {
      verbs: /^acl token (?:create|update|clone)\b/,
      when: ({ joined }) => MANAGEMENT.test(joined),
      rule: adminAccess,
    },
    {
      verbs: /^acl (?:policy|role) update\b/,
      when: ({ joined }) => /(?:^|\s)-rules[= ].*"write"|operator\s*=\s*"write"/.test(joined),
      rule: adminAccess,
    },
    {
      verbs: /^acl token read\b/,
      when: ({ joined }) => /(?:^|\s)-self\b/.test(joined),
      rule: secretRead,
    },
    { verbs: /^(?:acl set-agent-token|keyring -(?:install|use|remove))\b/, rule: adminAccess },
    { verbs: /^services deregister\b/, rule: OPS_CLI_RULES.stateChange },
  ],
};

const NOMAD: CliTable = {
  options: HASHICORP_OPTIONS,
  entries: [
    { verbs: /^acl bootstrap\b/, rule: adminAccess },
    {
      verbs: /^acl token create\b/,
      when: ({ joined }) => MANAGEMENT.test(joined),
      rule: adminAccess,
    },
    { verbs: /^acl token self\b/, rule: secretRead },
    {
      verbs: /^(?:system gc|operator raft remove-peer|node drain)\b/,
      when: ({ joined }) => !/-disable\b/.test(joined),
      rule: adminGuardOff,
    },
  ],
};

const VAULT_TOKENS: CliTable = {
  options: {
    longWithValue: [
      "address",
      "namespace",
      "format",
      "field",
      "policy",
      "role",
      "ttl",
      "display-name",
    ],
  },
  entries: [
    { verbs: /^print token\b/, rule: secretRead },
    {
      verbs: /^token create\b/,
      when: ({ joined }) => /(?:^|\s)-{1,2}policy[= ]root\b|(?:^|\s)-{1,2}orphan\b/.test(joined),
      rule: adminAccess,
    },
    {
      verbs: /^operator (?:init|unseal)\b/,
      when: ({ joined }) => /-(?:key-shares|recovery-shares)[= ]1\b|-reset\b/.test(joined),
      rule: adminAccess,
    },
  ],
};

const RABBITMQCTL: CliTable = {
  options: { shortWithValue: "npq", longWithValue: ["node", "vhost", "timeout"] },
  entries: [
    { verbs: /^set_user_tags \S+ (?:.* )?(?:administrator|policymaker)\b/, rule: adminAccess },
    { verbs: /^set_permissions \S+ \.\* \.\* \.\*/, rule: adminAccess },
    {
      verbs: /^set_(?:topic_)?permissions\b/,
      when: ({ ops }) => ops.slice(2).every((op) => op === ".*"),
      rule: adminAccess,
    },
    {
      verbs: /^(?:change_password|clear_password|authenticate_user)\b/,
      rule: SYSTEM_RULES.accounts,
    },
    { verbs: /^(?:delete_user|clear_permissions)\b/, rule: SYSTEM_RULES.accounts },
  ],
};

const INFLUX: CliTable = {
  options: {
    longWithValue: ["host", "token", "org", "org-id", "user", "description", "configs-path"],
  },
  entries: [
    {
      verbs: /^auth create\b/,
      when: ({ joined }) => /--(?:all-access|operator)\b/.test(joined),
      rule: adminAccess,
    },
    { verbs: /^(?:bucket|org|stack) (?:delete|rm)\b/, rule: SQL_RULES.datastore },
  ],
};

// MinIO's `mc admin`: the built-in all-powerful policies attached, users and keys made.
const MC: CliTable = {
  options: { longWithValue: ["config-dir", "user", "group", "policy"] },
  entries: [
    {
      verbs: /^admin policy (?:attach|set)\b/,
      when: ({ joined }) => /\b(?:consoleAdmin|readwrite|writeonly|diagnostics)\b/.test(joined),
      rule: adminAccess,
    },
    { verbs: /^admin (?:user svcacct add|user add|accesskey create)\b/, rule: adminAccess },
    {
      verbs: /^(?:anonymous|policy) set (?:public|upload|download)\b/,
      rule: CLOUD_RULES.accessGrant,
    },
    {
      verbs: /^(?:rb|rm)\b/,
      when: ({ joined }) => /--(?:force|recursive)\b|(?:^|\s)-r\b/.test(joined),
      rule: SQL_RULES.datastore,
    },
    {
      verbs: /^admin (?:service (?:stop|restart)|bucket remote rm|config reset)\b/,
      rule: adminGuardOff,
    },
  ],
};

const ETCDCTL: CliTable = {
  options: {
    longWithValue: [
      "endpoints",
      "user",
      "password",
      "cacert",
      "cert",
      "key",
      "write-out",
      "dial-timeout",
    ],
  },
  entries: [
    { verbs: /^user grant-role \S+ root\b/, rule: adminAccess },
    {
      verbs: /^(?:user (?:add|passwd) root|role grant-permission \S+ readwrite \S* ?--prefix)/,
      rule: adminAccess,
    },
    { verbs: /^(?:user (?:delete|revoke-role)|role delete)\b/, rule: SYSTEM_RULES.accounts },
  ],
};

// `kafka-acls --add --allow-principal User:*`: every client may do what the ACL says.
const KAFKA_ACLS: CliTable = {
  options: {
    longWithValue: [
      "bootstrap-server",
      "command-config",
      "authorizer-properties",
      "allow-principal",
      "deny-principal",
      "operation",
      "topic",
      "group",
      "cluster",
      "resource-pattern-type",
      "allow-host",
    ],
  },
  entries: [
    {
      verbs: /^/,
      when: ({ read, joined }) =>
        /--add\b/.test(joined) &&
        (read.options.some(
          (o) => o.name === "allow-principal" && /^User:\*$|^\*$/.test(o.value ?? ""),
        ) ||
          (read.options.some(
            (o) =>
              o.name === "operation" &&
              /^(?:All|Alter|AlterConfigs|ClusterAction)$/i.test(o.value ?? ""),
          ) &&
            /(?:^|\s)--cluster\b|--topic[= ]\*|--group[= ]\*/.test(joined))),
      rule: adminAccess,
    },
  ],
};

const PULSAR_ADMIN: CliTable = {
  options: { longWithValue: ["admin-url", "auth-plugin", "auth-params"] },
  entries: [
    {
      verbs:
        /^(?:topics|tenants|namespaces|clusters|functions|sinks|sources|schemas|subscriptions?) (?:delete|delete-partitioned-topic|unload|clear-backlog|skip-all)\b/,
      rule: SQL_RULES.datastore,
    },
    {
      verbs: /^(?:topics|namespaces) grant-permission\b/,
      when: ({ joined }) => /--role[= ]\*/.test(joined),
      rule: adminAccess,
    },
  ],
};

// Password managers: a full export prints every secret (a listing of items does too, and is
// held when it is filtered for them or sent: see data-dump-exfil).
const BW: CliTable = {
  options: {
    longWithValue: [
      "search",
      "folderid",
      "collectionid",
      "organizationid",
      "session",
      "output",
      "format",
      "url",
    ],
  },
  entries: [{ verbs: /^export\b/, rule: secretRead }],
};
const LPASS: CliTable = {
  options: { longWithValue: ["fields", "sync", "color"] },
  entries: [{ verbs: /^(?:export|show\b.*--(?:password|all))\b/, rule: secretRead }],
};
const OC_TOKENS: CliTable = {
  options: { shortWithValue: "n", longWithValue: ["namespace", "context", "server", "token"] },
  entries: [
    {
      verbs: /^whoami\b/,
      when: ({ joined }) => /(?:^|\s)(?:-t|--show-token)\b/.test(joined),
      rule: secretRead,
    },
    { verbs: /^(?:create token|serviceaccounts (?:get-token|new-token))\b/, rule: secretRead },
  ],
};

// The broker's and coordinator's own stop scripts stop the server for every client.
const STOP_SCRIPT: CliTable = {
  options: {},
  entries: [{ verbs: /^/, rule: PROCESS_RULES.service }],
};

/** Service administration CLIs, by program name. */
export const SERVICE_ADMIN_CLI_TABLES: ReadonlyMap<string, CliTable> = new Map([
  ["consul", CONSUL],
  ["nomad", NOMAD],
  ["vault", VAULT_TOKENS],
  ["bao", VAULT_TOKENS],
  ["rabbitmqctl", RABBITMQCTL],
  ["influx", INFLUX],
  ["mc", MC],
  ["mcli", MC],
  ["etcdctl", ETCDCTL],
  ["kafka-acls", KAFKA_ACLS],
  ["kafka-acls.sh", KAFKA_ACLS],
  ["pulsar-admin", PULSAR_ADMIN],
  ["bw", BW],
  ["lpass", LPASS],
  ["oc", OC_TOKENS],
  ["kafka-server-stop.sh", STOP_SCRIPT],
  ["kafka-server-stop", STOP_SCRIPT],
  ["zookeeper-server-stop.sh", STOP_SCRIPT],
  ["zookeeper-server-stop", STOP_SCRIPT],
]);
