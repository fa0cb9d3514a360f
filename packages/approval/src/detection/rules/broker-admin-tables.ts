// Message brokers through their admin CLIs: Kafka's option-driven tools (`kafka-topics
// --delete`, retention cut to nothing, ACLs opened to every principal, `kafka-storage format`,
// unclean leader elections), Redpanda's rpk, Pulsar, RabbitMQ's accounts and permissions,
// NATS consumers, ActiveMQ/Artemis queues, and task queues (celery purge, rq empty). Messages
// deleted, retention cut so the broker discards them, offsets moved past unread data, accounts
// made administrators and permissions widened to everyone are held; lists, describes and
// `--dry-run` runs stay allowed.
import {
  hasOption,
  readOptions,
  type OptionTable,
  type ResolvedCommand,
} from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch } from "../types.js";
import { CLOUD_RULES } from "./cloud-cli-rules.js";
import { judgeByTable, valueOf, type CliTable, type VerbInput } from "./cli-verb-tables.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { PROCESS_RULES } from "./process-rules.js";
import { SQL_RULES } from "./sql-rules.js";
import { SYSTEM_RULES } from "./system-rules.js";

type Match = DangerousCommandMatch | null;

const { datastore: wipe } = SQL_RULES;
const { accessGrant } = CLOUD_RULES;
const { accounts } = SYSTEM_RULES;
const { stateChange } = OPS_CLI_RULES;

// A retention setting short enough that the broker deletes what it holds (under a day, or
// under a megabyte); `-1` (keep forever) and larger values are ordinary tuning.
const RETENTION = /\b(?:retention\.(?:ms|bytes)|retention_(?:ms|bytes)|log\.retention\.\w+)=(\d+)/g;

function cutsRetention(text: string): boolean {
  for (const found of text.matchAll(RETENTION)) {
    const value = Number(found[1]);
    const limit = /bytes/.test(found[0]) ? 1_048_576 : 86_400_000;
    if (value < limit) return true;
  }
  return false;
}

// A principal or resource that means everyone (`User:*`, `*`, a topic pattern of `.*`).
const EVERYONE = /(?:^|[\s=:'"])(?:User:)?\*(?:$|[\s'"])|(?:^|\s)'?\.\*'?(?:$|\s)/;

const KAFKA_VALUE_OPTIONS: OptionTable = {
  longWithValue: [
    "bootstrap-server",
    "command-config",
    "topic",
    "group",
    "config",
    "add-config",
    "delete-config",
    "entity-type",
    "entity-name",
    "allow-principal",
    "deny-principal",
    "operation",
    "resource-pattern-type",
    "reassignment-json-file",
    "election-type",
    "offset-json-file",
    "cluster-id",
    "to-offset",
    "to-datetime",
    "shift-by",
    "partitions",
    "replication-factor",
  ],
  long: [
    "add",
    "remove",
    "alter",
    "delete",
    "delete-offsets",
    "execute",
    "cluster",
    "list",
    "describe",
    "force",
    "dry-run",
  ],
  shortWithValue: "tc",
};

/** Kafka's admin tools, named with or without `.sh` and an optional `kafka-` prefix path. */
function kafkaTool(cmd: ResolvedCommand): Match {
  const tool = cmd.name.replace(/\.sh$/, "");
  const read = readOptions(cmd.args, KAFKA_VALUE_OPTIONS);
  const joined = cmd.args.map((word) => word.text).join(" ");
  const configs = [valueOf(read, "config"), valueOf(read, "add-config"), joined].join(" ");
  switch (tool) {
    case "kafka-topics":
      return hasOption(read, "alter") && cutsRetention(configs) ? matchOf(wipe) : null;
    case "kafka-configs":
      if (!hasOption(read, "alter")) return null;
      if (cutsRetention(configs)) return matchOf(wipe);
      // SCRAM credentials written for a user, or a broker's listener security changed.
      if (/SCRAM-SHA-\d+/i.test(valueOf(read, "add-config"))) return matchOf(accounts);
      return hasOption(read, "delete-config") && valueOf(read, "entity-type") === "users"
        ? matchOf(accounts)
        : null;
    case "kafka-consumer-groups":
      return hasOption(read, "delete-offsets") ? matchOf(wipe) : null;
    case "kafka-acls":
      // Grants to every principal are judged in service-admin-cli-tables.
      return hasOption(read, "remove") ? matchOf(stateChange) : null;
    case "kafka-storage":
      return read.operands[0]?.text === "format" ? matchOf(wipe) : null;
    case "kafka-leader-election":
      return /^unclean$/i.test(valueOf(read, "election-type")) ? matchOf(wipe) : null;
    case "kafka-reassign-partitions":
      return hasOption(read, "execute") ? matchOf(stateChange) : null;
    default:
      return null;
  }
}

const hasAny =
  (...names: readonly string[]) =>
  ({ read }: VerbInput): boolean =>
    hasOption(read, ...names);
const allArgs =
  (pattern: RegExp) =>
  ({ joined }: VerbInput): boolean =>
    pattern.test(joined);

const RPK: CliTable = {
  options: {
    shortWithValue: "Xp",
    longWithValue: [
      "brokers",
      "config",
      "profile",
      "user",
      "password",
      "sasl-mechanism",
      "allow-principal",
      "deny-principal",
      "operation",
      "topic",
      "group",
      "to",
      "set",
      "partitions",
      "replicas",
    ],
    long: ["tls-enabled", "regex", "no-confirm"],
  },
  preview: ["dry-run"],
  entries: [
    { verbs: /^(?:topic|group) (?:delete|trim-prefix)\b/, rule: wipe },
    { verbs: /^topic (?:trim|trim-prefix)\b/, rule: wipe },
    { verbs: /^group seek\b/, rule: wipe },
    { verbs: /^topic (?:alter-config|create)\b/, when: allArgs(/retention/), rule: wipe },
    { verbs: /^acl create\b/, when: allArgs(EVERYONE), rule: accessGrant },
    { verbs: /^acl delete\b/, rule: stateChange },
    { verbs: /^acl user (?:create|update|delete)\b/, rule: accounts },
    {
      verbs:
        /^cluster config set (?:enable_sasl|kafka_enable_authorization|superusers|admin_api_require_auth|enable_schema_id_validation)\b/,
      rule: stateChange,
    },
    {
      verbs: /^cluster (?:maintenance enable|partitions (?:unsafe-recover|move))\b/,
      rule: stateChange,
    },
    { verbs: /^redpanda admin brokers decommission\b/, rule: stateChange },
  ],
};

// Deletes, unloads, backlog clears and grants to every role are judged in
// service-admin-cli-tables; these are the other ways a topic's messages are lost.
const PULSAR: CliTable = {
  options: {
    shortWithValue: "stmr",
    longWithValue: ["admin-url", "auth-plugin", "auth-params", "subscription", "role", "actions"],
    long: ["force", "deleteSchema"],
  },
  entries: [
    {
      verbs:
        /^(?:topics|persistent|non-persistent|namespaces|subscriptions?) (?:truncate|expire-messages-all-subscriptions|reset-cursor|unsubscribe|delete-subscription|remove-backlog-quota)\b/,
      rule: wipe,
    },
    {
      verbs:
        /^(?:persistent|non-persistent|packages|ns-isolation-policy|resource-quotas) (?:delete|skip-all|clear-backlog)\b/,
      rule: wipe,
    },
    {
      verbs: /^(?:namespaces|topics|topicPolicies) (?:set-retention|set-message-ttl)\b/,
      when: allArgs(
        /(?:--(?:size|time|messageTTL|ttl)|-[stm]) ['"]?0(?:[a-z]{0,2})?['"]?(?:\s|$)/i,
      ),
      rule: wipe,
    },
    { verbs: /^(?:brokers|bookies) (?:delete|shutdown|decommission)\b/, rule: stateChange },
  ],
};

// Tags, allow-all permissions and passwords are judged in service-admin-cli-tables.
const RABBITMQCTL: CliTable = {
  options: { shortWithValue: "pnqt", longWithValue: ["vhost", "node", "timeout"] },
  entries: [
    { verbs: /^add_user\b/, rule: accounts },
    {
      verbs:
        /^(?:shutdown|close_all_connections|close_all_user_connections|delete_shovel|clear_policy|clear_operator_policy|rename_cluster_node|update_cluster_nodes)\b/,
      rule: PROCESS_RULES.service,
    },
  ],
};

const RABBITMQADMIN: CliTable = {
  options: {
    shortWithValue: "HPVuprcqfsdNkK",
    longWithValue: ["host", "port", "vhost", "username", "password", "config", "node", "format"],
  },
  entries: [
    {
      verbs: /^declare user\b/,
      when: allArgs(/\btags=\S*\b(?:administrator|policymaker)\b/),
      rule: accounts,
    },
    {
      verbs: /^declare permission\b/,
      when: allArgs(/\b(?:configure|write)=['"]?\.\*/),
      rule: accessGrant,
    },
    { verbs: /^close (?:connection|all)\b/, rule: PROCESS_RULES.service },
  ],
};

const QUEUE_TOOLS: ReadonlyMap<string, CliTable> = new Map([
  ["rpk", RPK],
  ["pulsar-admin", PULSAR],
  ["pulsarctl", PULSAR],
  ["rabbitmqctl", RABBITMQCTL],
  ["rabbitmqadmin", RABBITMQADMIN],
  [
    "rabbitmq-queues",
    {
      options: { shortWithValue: "nqt", longWithValue: ["node", "vhost", "timeout"] },
      entries: [{ verbs: /^(?:delete_member|shrink|grow|delete|purge)\b/, rule: wipe }],
    },
  ],
  [
    "rabbitmq-streams",
    {
      options: { shortWithValue: "nqt", longWithValue: ["node", "vhost", "timeout"] },
      entries: [{ verbs: /^(?:delete_replica|reset_offset)\b/, rule: wipe }],
    },
  ],
  [
    "nats",
    {
      options: {
        shortWithValue: "s",
        longWithValue: ["server", "context", "creds", "user", "password", "nkey", "tlscert"],
      },
      entries: [
        { verbs: /^(?:consumer|con|c) (?:rm|del|delete)\b/, rule: wipe },
        { verbs: /^(?:stream|str|s) (?:rm|del|delete|purge)\b/, rule: wipe },
        { verbs: /^server (?:raft )?(?:peer-remove|cluster peer-remove)\b/, rule: stateChange },
      ],
    },
  ],
  [
    "artemis",
    {
      options: { longWithValue: ["name", "user", "password", "url", "address"] },
      entries: [
        { verbs: /^(?:queue|address) (?:delete|purge)\b/, rule: wipe },
        { verbs: /^user (?:add|reset|rm)\b/, rule: accounts },
        { verbs: /^stop\b/, rule: PROCESS_RULES.service },
      ],
    },
  ],
  [
    "activemq",
    {
      options: { longWithValue: ["jmxurl", "jmxuser", "jmxpassword"] },
      entries: [
        { verbs: /^purge\b/, rule: wipe },
        { verbs: /^stop\b/, rule: PROCESS_RULES.service },
      ],
    },
  ],
  [
    "celery",
    {
      options: {
        shortWithValue: "AbQ",
        longWithValue: ["app", "broker", "result-backend", "workdir", "config", "loader", "queues"],
        long: ["force"],
      },
      entries: [
        { verbs: /^purge\b/, rule: wipe },
        { verbs: /^amqp queue\.(?:purge|delete)\b/, rule: wipe },
        { verbs: /^control shutdown\b/, rule: PROCESS_RULES.service },
      ],
    },
  ],
  [
    "rq",
    {
      options: { shortWithValue: "uc", longWithValue: ["url", "config", "queue-class"] },
      entries: [
        { verbs: /^empty\b/, when: hasAny("all"), rule: wipe },
        { verbs: /^empty \S/, rule: wipe },
      ],
    },
  ],
  [
    "nats-server",
    {
      options: { shortWithValue: "c", longWithValue: ["config"] },
      entries: [
        {
          verbs: /^/,
          when: allArgs(/(?:^|\s)(?:--signal|-sl)(?:=|\s)(?:stop|quit|term|ldm)\b/),
          rule: PROCESS_RULES.service,
        },
      ],
    },
  ],
]);

/** Broker and task-queue admin CLIs. */
export const brokerAdminRule: CommandRule = (cmd) => {
  if (cmd.name.startsWith("kafka-")) return kafkaTool(cmd);
  const table = QUEUE_TOOLS.get(cmd.name);
  return table === undefined ? null : judgeByTable(cmd, table);
};
