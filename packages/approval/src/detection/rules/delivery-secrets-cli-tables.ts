// Verb tables of delivery and secret tools whose state-changing verbs are not read elsewhere:
// CI workflows disabled and pipelines deleted (gh, glab, tea, Buildkite's bk, Azure DevOps),
// repository permissions and policies changed, platform secrets and config removed (flyctl,
// heroku, doppler, infisical), sites taken down (firebase), AWS roles assumed (the output is a
// set of credentials), secret injectors asked to print the environment they inject, encrypted
// secret files decrypted to the screen, Kafka topics emptied through retention, NATS consumers
// removed, and Erlang evaluated inside RabbitMQ.
import type { CliTable, VerbInput } from "./cli-verb-tables.js";
import { AWS_OPTIONS, CLOUD_RULES } from "./cloud-cli-rules.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { PLATFORM_RULES } from "./platform-rules.js";
import { SQL_RULES } from "./sql-rules.js";

const { cloudDelete } = PLATFORM_RULES;
const { stateChange, secretRead, repoSettings, adminAccess } = OPS_CLI_RULES;

// `doppler run -- env`: the injector's child prints every secret it was given.
const printsInjected = ({ joined }: VerbInput): boolean =>
  /(?:^|\s)--\s+(?:\/usr\/bin\/|\/bin\/)?(?:env|printenv|set|export\s+-p)(?:\s|$)/.test(joined) ||
  /(?:^|\s)--\s+(?:ba|z|da)?sh\s+-c\s+\S*(?:env|printenv)\b/.test(joined);

const GH_EXTRA: CliTable = {
  options: { shortWithValue: "R", longWithValue: ["repo", "ref"] },
  entries: [
    { verbs: /^workflow disable\b/, rule: stateChange },
    { verbs: /^(?:run|cache) delete\b/, rule: cloudDelete },
    { verbs: /^ruleset delete\b/, rule: repoSettings },
    { verbs: /^auth token\b/, rule: secretRead },
  ],
};
const GLAB_EXTRA: CliTable = {
  options: { shortWithValue: "R", longWithValue: ["repo", "group"] },
  entries: [
    {
      verbs:
        /^(?:ci|pipeline|schedule|release|deploy-key|label|milestone|cluster agent) (?:delete|rm|remove)\b/,
      rule: cloudDelete,
    },
    {
      verbs: /^(?:token|auth) (?:create|status)\b/,
      when: ({ joined }) => /--show-token\b|(?:^|\s)-t\b|token create/.test(joined),
      rule: secretRead,
    },
  ],
};
// Gitea's tea: repositories, releases, organisations and webhooks removed.
const TEA: CliTable = {
  options: { shortWithValue: "lro", longWithValue: ["login", "repo", "output", "remote"] },
  entries: [
    {
      verbs:
        /^(?:repos?|releases?|r|organizations?|orgs?|webhooks?|labels?|milestones?|ms|branches?) (?:delete|rm|remove)\b/,
      rule: cloudDelete,
    },
    {
      verbs: /^(?:repos?|r) (?:edit|update)\b/,
      when: ({ joined }) => /--private(?:=|\s+)false\b/.test(joined),
      rule: repoSettings,
    },
  ],
};
const BK: CliTable = {
  options: { longWithValue: ["org", "pipeline", "config"] },
  entries: [
    { verbs: /^(?:pipeline|cluster|agent|build) (?:delete|rm|stop|cancel)\b/, rule: cloudDelete },
  ],
};

// Azure DevOps through `az`: permissions granted, branch policies removed, pipelines deleted.
const AZ_DEVOPS: CliTable = {
  options: {
    longWithValue: [
      "org",
      "organization",
      "project",
      "id",
      "subject",
      "allow-bit",
      "deny-bit",
      "namespace-id",
      "token",
      "policy-id",
      "name",
    ],
  },
  entries: [
    { verbs: /^devops security (?:permission update|group membership add)\b/, rule: adminAccess },
    { verbs: /^repos policy (?:delete|update)\b/, rule: repoSettings },
    {
      verbs:
        /^(?:pipelines|repos|devops project|boards area|artifacts universal) (?:delete|variable delete|variable-group delete)\b/,
      rule: cloudDelete,
    },
    {
      verbs:
        /^(?:pipelines variable(?:-group)? (?:delete|update)|devops service-endpoint delete)\b/,
      rule: cloudDelete,
    },
  ],
};

// Platform configs and secrets removed; the running app loses them at its next release.
const FLY_PLATFORM: CliTable = {
  options: { shortWithValue: "ac", longWithValue: ["app", "config", "org"] },
  entries: [
    {
      verbs:
        /^(?:secrets unset|secrets import|certs (?:delete|remove)|ips release|volumes (?:destroy|delete)|postgres detach|scale count 0)\b/,
      rule: stateChange,
    },
  ],
};
const HEROKU_PLATFORM: CliTable = {
  options: { shortWithValue: "ar", longWithValue: ["app", "remote", "team"] },
  entries: [
    {
      verbs:
        /^(?:config:unset|config:remove|maintenance:on|ps:scale \S+=0|addons:destroy|addons:detach|pg:killall|access:remove|domains:remove|certs:remove|features:disable)\b/,
      rule: stateChange,
    },
    {
      verbs: /^access:(?:add|update)\b/,
      when: ({ joined }) => /--permissions\s+\S*(?:manage|deploy|operate)/.test(joined),
      rule: adminAccess,
    },
  ],
};
const FIREBASE: CliTable = {
  options: { longWithValue: ["project", "site", "only", "token"] },
  entries: [
    {
      verbs:
        /^(?:hosting:disable|hosting:channel:delete|functions:delete|apps:delete|remoteconfig:rollback|auth:import|database:set \/|appdistribution:testers:remove)\b/,
      rule: stateChange,
    },
    { verbs: /^(?:auth:export|functions:secrets:access|functions:config:get)\b/, rule: secretRead },
  ],
};
const SECRET_INJECTORS: CliTable = {
  options: {
    shortWithValue: "pce",
    longWithValue: [
      "project",
      "config",
      "env",
      "env-file",
      "token",
      "path",
      "mount",
      "name-transformer",
    ],
  },
  entries: [
    { verbs: /^(?:run|exec)\b/, when: printsInjected, rule: secretRead },
    {
      verbs:
        /^(?:secrets? (?:delete|rm|remove|unset)|configs? delete|environments? delete|projects? delete)\b/,
      rule: cloudDelete,
    },
  ],
};
// `aws-vault exec prof -- env`, `chamber exec svc -- printenv`: the same, one word earlier.
const EXEC_INJECTORS: CliTable = {
  options: { longWithValue: ["duration", "region", "backend", "mfa-token"] },
  entries: [{ verbs: /^exec\b/, when: printsInjected, rule: secretRead }],
};

// AWS: a role assumed prints its keys; a cluster's API opened to every address.
const AWS_EXTRA: CliTable = {
  options: AWS_OPTIONS,
  entries: [
    {
      verbs:
        /^sts (?:assume-role|assume-role-with-web-identity|assume-role-with-saml|get-federation-token)\b/,
      rule: secretRead,
    },
    {
      verbs: /^eks update-cluster-config\b/,
      when: ({ joined }) =>
        /endpointPublicAccess=true/.test(joined) &&
        /publicAccessCidrs=(?:"?\[?"?)?0\.0\.0\.0\/0/.test(joined),
      rule: CLOUD_RULES.accessGrant,
    },
    {
      verbs: /^eks update-cluster-config\b/,
      when: ({ joined }) =>
        /endpointPublicAccess=true/.test(joined) && !/publicAccessCidrs=/.test(joined),
      rule: CLOUD_RULES.accessGrant,
    },
  ],
};

// Decryption of a secrets file straight to the screen.
const SECRET_FILE =
  /secret|cred|passw|token|\.env\b|vault|private|\.key\b|id_(?:rsa|ed25519|ecdsa)/i;
const decryptsToScreen = ({ read, ops }: VerbInput): boolean =>
  !read.options.some((o) => /^(?:o|output)$/.test(o.name)) &&
  ops.some((op) => SECRET_FILE.test(op));
// gpg and age: `-d`/`--decrypt` with the plaintext printed (no output file).
const DECRYPTED_TO_SCREEN: CliTable["entries"][number] = {
  verbs: /^/,
  when: (input) =>
    input.read.options.some((o) => o.name === "d" || o.name === "decrypt") &&
    decryptsToScreen(input),
  rule: secretRead,
};
const GPG: CliTable = {
  options: {
    shortWithValue: "oruR",
    longWithValue: [
      "output",
      "recipient",
      "local-user",
      "homedir",
      "passphrase",
      "passphrase-file",
      "pinentry-mode",
      "trust-model",
    ],
    long: ["decrypt", "batch", "yes", "quiet"],
  },
  entries: [DECRYPTED_TO_SCREEN],
};
const AGE: CliTable = {
  options: {
    shortWithValue: "oiR",
    longWithValue: ["output", "identity", "recipient", "recipients-file"],
    long: ["decrypt", "armor", "passphrase"],
  },
  entries: [DECRYPTED_TO_SCREEN],
};

// Kafka: retention set so low the broker deletes what the topic holds.
const KAFKA_CONFIGS: CliTable = {
  options: {
    longWithValue: [
      "bootstrap-server",
      "zookeeper",
      "entity-type",
      "entity-name",
      "add-config",
      "delete-config",
      "command-config",
    ],
    long: ["alter", "describe", "all"],
  },
  entries: [
    {
      verbs: /^/,
      when: ({ read }) =>
        read.options.some(
          (o) =>
            o.name === "add-config" &&
            /(?:^|,)retention\.(?:ms|bytes)=(?:\d{1,5}|0)(?:,|$)|(?:^|,)cleanup\.policy=delete.*retention\.ms=\d{1,5}\b/.test(
              o.value ?? "",
            ),
        ),
      rule: SQL_RULES.datastore,
    },
  ],
};
const NATS_EXTRA: CliTable = {
  options: {
    shortWithValue: "s",
    longWithValue: ["server", "context", "creds", "user", "password"],
  },
  entries: [
    {
      verbs: /^(?:consumer (?:rm|del|delete)|stream (?:edit|update)\b.*--max-age[= ]1s)\b/,
      rule: SQL_RULES.datastore,
    },
  ],
};
// `rabbitmqctl eval EXPR`: Erlang evaluated inside the broker (os:cmd runs a shell).
const RABBITMQ_EVAL: CliTable = {
  options: { shortWithValue: "npq", longWithValue: ["node", "vhost", "timeout"] },
  entries: [{ verbs: /^eval\b/, rule: OPS_CLI_RULES.remoteCommand }],
};

/** Delivery, platform and secret tools, by program name. */
export const DELIVERY_SECRETS_CLI_TABLES: ReadonlyMap<string, CliTable> = new Map([
  ["gh", GH_EXTRA],
  ["glab", GLAB_EXTRA],
  ["tea", TEA],
  ["bk", BK],
  ["az", AZ_DEVOPS],
  ["fly", FLY_PLATFORM],
  ["flyctl", FLY_PLATFORM],
  ["heroku", HEROKU_PLATFORM],
  ["firebase", FIREBASE],
  ["doppler", SECRET_INJECTORS],
  ["infisical", SECRET_INJECTORS],
  ["op", SECRET_INJECTORS],
  ["phase", SECRET_INJECTORS],
  ["aws-vault", EXEC_INJECTORS],
  ["chamber", EXEC_INJECTORS],
  ["envchain", EXEC_INJECTORS],
  ["aws", AWS_EXTRA],
  ["gpg", GPG],
  ["gpg2", GPG],
  ["age", AGE],
  ["rage", AGE],
  ["kafka-configs", KAFKA_CONFIGS],
  ["kafka-configs.sh", KAFKA_CONFIGS],
  ["nats", NATS_EXTRA],
  ["rabbitmqctl", RABBITMQ_EVAL],
]);
