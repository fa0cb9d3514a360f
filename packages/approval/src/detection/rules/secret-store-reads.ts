// Commands whose output is a secret value held by a cloud secret store, a vault or a password
// manager: `aws secretsmanager get-secret-value`, `aws ssm get-parameter --with-decryption`,
// `gcloud secrets versions access`, `az keyvault secret show`, `az storage account keys list`,
// `oci secrets secret-bundle get`, `vault kv get secret/prod/db`, `bw get password`,
// `doppler secrets get`, `sops -d`. Each CLI's subcommand paths are matched over its operand
// words (global options such as `--region X` or `--vault-name kv` skipped by its option table).
// A secret whose path names a development or test environment (`secret/dev/flags`) is allowed.
import { readOptions, type OptionTable, type Word } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { AWS_OPTIONS, GCLOUD_OPTIONS } from "./cloud-cli-rules.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";

/** One CLI: how its options are read and the operand paths that print a secret. */
interface SecretReader {
  readonly options: OptionTable;
  /** Operand words joined by spaces, matched from the start. */
  readonly reads: RegExp;
  /** A further condition over every argument word joined by spaces. */
  readonly when?: RegExp;
  /** A condition that makes the run print no secret value (`--only-names`). */
  readonly unless?: RegExp;
  /** Options naming the secret (their values are checked for a development path). */
  readonly names?: readonly string[];
}

const AWS_READS: readonly SecretReader[] = [
  {
    options: { ...AWS_OPTIONS, longWithValue: [...(AWS_OPTIONS.longWithValue ?? []), "secret-id"] },
    reads: /^secretsmanager (?:get-secret-value|batch-get-secret-value)\b/,
    names: ["secret-id", "secret-id-list"],
  },
  {
    options: {
      ...AWS_OPTIONS,
      longWithValue: [...(AWS_OPTIONS.longWithValue ?? []), "name", "path"],
    },
    reads: /^ssm get-parameters?(?:-by-path)?\b/,
    when: /--with-decryption\b/,
    names: ["name", "names", "path"],
  },
  {
    options: AWS_OPTIONS,
    reads: /^(?:kms decrypt|ec2 get-password-data|lightsail get-instance-access-details)\b/,
  },
];

const GCLOUD_READS: readonly SecretReader[] = [
  {
    options: {
      ...GCLOUD_OPTIONS,
      longWithValue: [...(GCLOUD_OPTIONS.longWithValue ?? []), "secret"],
    },
    reads: /^(?:(?:alpha|beta) )?secrets versions access\b/,
    names: ["secret"],
  },
  { options: GCLOUD_OPTIONS, reads: /^(?:(?:alpha|beta) )?kms decrypt\b/ },
  // The active account's access token, printed as part of the helper's JSON.
  { options: GCLOUD_OPTIONS, reads: /^config config-helper\b/ },
];

const AZ_OPTIONS: OptionTable = {
  shortWithValue: "gnos",
  longWithValue: [
    "subscription",
    "output",
    "query",
    "name",
    "resource-group",
    "vault-name",
    "id",
    "file",
    "account-name",
    "encoding",
    "version",
  ],
};
const AZ_READS: readonly SecretReader[] = [
  {
    options: AZ_OPTIONS,
    reads: /^keyvault secret (?:show|download|backup)\b/,
    names: ["name", "n", "id", "vault-name"],
  },
  {
    options: AZ_OPTIONS,
    reads:
      /^(?:[\w-]+ )+(?:keys list|list-keys|show-connection-string|list-connection-strings|list-publishing-(?:profiles|credentials)|credential show|credentials show)\b|^ad sp create-for-rbac\b/,
  },
];

const OCI_READS: readonly SecretReader[] = [
  {
    options: { longWithValue: ["profile", "region", "secret-id"] },
    reads: /^secrets secret-bundle get\b/,
  },
];

const VAULT_READS: readonly SecretReader[] = [
  {
    options: {
      longWithValue: [
        "address",
        "namespace",
        "format",
        "field",
        "mount",
        "version",
        "output-curl-string",
      ],
    },
    reads: /^(?:read|kv get|kv export)\b/,
  },
];

/** A reader over an option table: the operand paths that print a secret. */
function reader(reads: RegExp, options: OptionTable = {}): SecretReader {
  return { options, reads };
}

const MANAGER_READS: ReadonlyMap<string, readonly SecretReader[]> = new Map([
  [
    "bw",
    [
      reader(/^(?:get (?:password|item|notes|totp|attachment)|export)\b/, {
        longWithValue: ["session", "output", "format"],
      }),
    ],
  ],
  ["lpass", [reader(/^show\b/)]],
  [
    "doppler",
    [
      {
        ...reader(/^secrets(?: (?:get|download))?$|^secrets (?:get|download)\b/, {
          shortWithValue: "pc",
          longWithValue: ["project", "config", "token"],
        }),
        unless: /--only-names\b/,
      },
    ],
  ],
  [
    "infisical",
    [
      reader(/^(?:secrets(?: get)?|export)\b/, {
        longWithValue: ["env", "projectId", "token", "path"],
      }),
    ],
  ],
  ["chamber", [reader(/^(?:read|export|env)\b/)]],
  ["berglas", [reader(/^access\b/)]],
  ["ejson", [reader(/^decrypt\b/)]],
  [
    "heroku",
    [
      reader(/^(?:config(?::get)?|auth:token)(?:\s|$)/, {
        shortWithValue: "ar",
        longWithValue: ["app", "remote"],
      }),
    ],
  ],
  [
    "firebase",
    [
      reader(/^functions:(?:config|secrets):(?:get|access)\b/, {
        shortWithValue: "P",
        longWithValue: ["project"],
      }),
    ],
  ],
  ["flyctl", [reader(/^auth token\b/, { shortWithValue: "a", longWithValue: ["app"] })]],
  ["fly", [reader(/^auth token\b/, { shortWithValue: "a", longWithValue: ["app"] })]],
  ["doctl", [reader(/^auth token\b/, { longWithValue: ["context", "access-token"] })]],
  [
    "railway",
    [reader(/^variables?\b/, { shortWithValue: "se", longWithValue: ["service", "environment"] })],
  ],
  ["npm", [reader(/^token create\b/, { longWithValue: ["otp", "registry"] })]],
  [
    "git",
    [
      reader(/^credential (?:fill|get)\b/, {
        shortWithValue: "C",
        longWithValue: ["git-dir", "work-tree"],
      }),
    ],
  ],
  ["secret-tool", [reader(/^lookup\b/), { ...reader(/^search\b/), when: /--(?:all|unlock)\b/ }]],
  // `op document get` prints a stored file (keys, certificates) to the output.
  ["op", [reader(/^document get\b/, { longWithValue: ["vault", "account", "session", "output"] })]],
  // Site and app environments printed with their values.
  [
    "netlify",
    [
      {
        ...reader(/^env:(?:list|get)\b/, { longWithValue: ["context", "scope", "filter"] }),
        when: /--plain\b|^env:get\b|\benv:get\b/,
      },
    ],
  ],
  ["cf", [reader(/^(?:env|curl \/v3\/apps\/\S+\/env)\b/)]],
  ["kubectl-view_secret", [reader(/^\S/)]],
  [
    "keyring",
    [
      reader(/^get\b/, {
        shortWithValue: "pb",
        longWithValue: ["keyring-path", "keyring-backend"],
      }),
    ],
  ],
  [
    "pulumi",
    [
      {
        ...reader(/^(?:config|stack output)\b/, {
          shortWithValue: "sC",
          longWithValue: ["stack", "cwd"],
        }),
        when: /--show-secrets\b/,
      },
    ],
  ],
  [
    "kubectl",
    [
      reader(/^view-secret\b/, {
        shortWithValue: "n",
        longWithValue: ["namespace", "context", "kubeconfig"],
      }),
      reader(/^create token\b/, {
        shortWithValue: "n",
        longWithValue: ["namespace", "context", "kubeconfig", "duration", "audience"],
      }),
    ],
  ],
]);

const READERS: ReadonlyMap<string, readonly SecretReader[]> = new Map([
  ["aws", AWS_READS],
  ["gcloud", GCLOUD_READS],
  ["az", AZ_READS],
  ["oci", OCI_READS],
  ["vault", VAULT_READS],
  ["bao", VAULT_READS],
  ...MANAGER_READS,
]);

// A path part naming a development, test or example environment.
const NON_PRODUCTION =
  /^(?:dev|devel|development|test|tests|testing|local|sandbox|example|examples|demo|ci|qa|scratch)$/i;

/** True when a secret's name or path is about a development or test environment. */
function nonProduction(text: string): boolean {
  return text.split(/[/:._-]+/).some((part) => NON_PRODUCTION.test(part));
}

function readsSecret(args: readonly Word[], reader: SecretReader): boolean {
  const read = readOptions(args, reader.options);
  const ops = read.operands.map((word) => word.text);
  if (!reader.reads.test(ops.join(" "))) return false;
  const joined = args.map((word) => word.text).join(" ");
  if (reader.when !== undefined && !reader.when.test(joined)) return false;
  if (reader.unless?.test(joined) === true) return false;
  const named = read.options
    .filter((o) => reader.names?.includes(o.name) === true && o.value !== null)
    .map((o) => o.value ?? "");
  // The secret's path: a named option's value, or the operand after the subcommand words.
  const paths = named.length > 0 ? named : ops.slice(-1);
  // vault's own status and token metadata (`sys/health`, `auth/token/lookup-self`) are no secret.
  if (paths.every((path) => /^\/?(?:sys\/|auth\/token\/lookup)/.test(path))) return false;
  return !paths.every(nonProduction);
}

/** `sops -d FILE`, `sops --decrypt FILE`: a secrets file decrypted to the output. */
function sopsDecrypt(args: readonly Word[], toFile: boolean): boolean {
  const texts = args.map((word) => word.text);
  if (!texts.some((text) => /^(?:-d|--decrypt|decrypt)$/.test(text))) return false;
  if (toFile) return false;
  const files = texts.filter((text) => !text.startsWith("-") && text !== "decrypt");
  return !files.every(nonProduction);
}

/**
 * True when the program `name` run with `args` prints a secret value from a secret store, a
 * vault or a password manager. `toFile`: its output goes to a file, not the transcript.
 */
export function printsStoredSecret(name: string, args: readonly Word[], toFile: boolean): boolean {
  if (name === "sops") return sopsDecrypt(args, toFile);
  return READERS.get(name)?.some((reader) => readsSecret(args, reader)) === true;
}

/** Secret values read from cloud secret stores, vaults and password managers. */
export const secretStoreReadRule: CommandRule = (cmd) =>
  printsStoredSecret(
    cmd.name,
    cmd.args,
    cmd.source.redirects.some((r) => r.op.startsWith(">")),
  )
    ? matchOf(OPS_CLI_RULES.secretRead)
    : null;
