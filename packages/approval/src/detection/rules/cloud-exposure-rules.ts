// Cloud resources opened to everyone by settings other than a bucket ACL or an IAM binding:
// snapshots and images shared with `all`, databases made publicly accessible or allowed from
// 0.0.0.0/0, functions invocable by `*` or without auth, control planes and firewalls allowing
// every source (`doctl compute firewall ... address:0.0.0.0/0`, `hcloud firewall add-rule
// --source-ips 0.0.0.0/0`, `az ... firewall-rule create --start-ip-address 0.0.0.0
// --end-ip-address 255.255.255.255`), buckets made public (`oci os bucket update
// --public-access-type ObjectRead`). Each CLI's verb and the option that opens are looked up.
import type { ResolvedCommand } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import { CLOUD_RULES } from "./cloud-cli-rules.js";

const ANY_NETWORK = /(?:^|[\s=,:"'])(?:0\.0\.0\.0\/0|::\/0)(?:$|[\s,"'])/;

/** One opening: the operand path it is about and the argument text that opens it. */
interface Opening {
  readonly verbs: RegExp;
  readonly opens: RegExp;
}

const OPENINGS: ReadonlyMap<string, readonly Opening[]> = new Map([
  [
    "aws",
    [
      {
        verbs:
          /(?:^|\s)(?:ec2 modify-(?:snapshot|image)-attribute|rds modify-db(?:-cluster)?-snapshot-attribute)\b/,
        opens: /(?:--group-names|Group=|--values-to-add)[= ]?\S*\ball\b/i,
      },
      {
        verbs: /(?:^|\s)rds (?:modify|create|restore)-db-(?:instance|cluster)\S*/,
        opens: /--publicly-accessible\b/,
      },
      { verbs: /(?:^|\s)lambda add-permission\b/, opens: /--principal[= ]['"]?\*/ },
      {
        verbs: /(?:^|\s)lambda (?:create|update)-function-url-config\b/,
        opens: /--auth-type[= ]NONE\b/i,
      },
      {
        verbs:
          /(?:^|\s)(?:sns|sqs|ecr|kms|secretsmanager|glacier|es|opensearch) (?:set|put|add)-\S*(?:policy|permission|attributes)\b/,
        opens: /\\?"Principal\\?"\s*:\s*(?:\\?"\*|\{\s*\\?"AWS\\?"\s*:\s*\\?"\*)/,
      },
      { verbs: /(?:^|\s)redshift (?:modify|create)-cluster\b/, opens: /--publicly-accessible\b/ },
    ],
  ],
  [
    "gcloud",
    [
      {
        verbs: /(?:^|\s)(?:(?:alpha|beta) )?(?:[\w-]+ )+(?:create|update|patch|add-[\w-]+)\b/,
        opens:
          /--(?:authorized-networks|master-authorized-networks|source-ranges|allowed-ips?)[= ]\S*(?:0\.0\.0\.0\/0|::\/0)/,
      },
      {
        verbs: /(?:^|\s)(?:(?:alpha|beta) )?functions deploy\b/,
        opens: /--allow-unauthenticated\b/,
      },
      {
        verbs: /(?:^|\s)(?:(?:alpha|beta) )?run (?:deploy|services update)\b/,
        opens: /--allow-unauthenticated\b/,
      },
    ],
  ],
  [
    "az",
    [
      {
        verbs: /(?:^|\s)(?:[\w-]+ )+firewall-rule (?:create|update)\b/,
        opens:
          /--start-ip-address[= ]0\.0\.0\.0\b[\s\S]*--end-ip-address[= ]255\.255\.255\.255|--end-ip-address[= ]255\.255\.255\.255[\s\S]*--start-ip-address[= ]0\.0\.0\.0\b/,
      },
      {
        verbs: /(?:^|\s)(?:[\w-]+ )+(?:create|update)\b/,
        opens:
          /--public-network-access[= ]Enabled\b[\s\S]*--default-action[= ]Allow|--default-action[= ]Allow\b/i,
      },
    ],
  ],
  [
    "doctl",
    [
      {
        verbs: /(?:^|\s)(?:compute )?firewall (?:create|update|add-rules)\b/,
        opens: /address:(?:0\.0\.0\.0\/0|::\/0)/,
      },
    ],
  ],
  [
    "hcloud",
    [{ verbs: /(?:^|\s)firewall (?:create|add-rule|replace-rules)\b/, opens: ANY_NETWORK }],
  ],
  ["linode-cli", [{ verbs: /(?:^|\s)firewalls? (?:create|rules-update)\b/, opens: ANY_NETWORK }]],
  [
    "scw",
    [{ verbs: /(?:^|\s)instance security-group (?:create-rule|update)\b/, opens: ANY_NETWORK }],
  ],
  [
    "oci",
    [
      {
        verbs: /(?:^|\s)os bucket (?:create|update)\b/,
        opens: /--public-access-type[= ]ObjectRead/,
      },
      { verbs: /(?:^|\s)network security-list (?:create|update)\b/, opens: ANY_NETWORK },
    ],
  ],
]);

function opened(cmd: ResolvedCommand, openings: readonly Opening[]): boolean {
  const texts = cmd.args.map((word) => word.text);
  const ops = texts.filter((text) => !text.startsWith("-")).join(" ");
  const joined = texts.join(" ");
  return openings.some((opening) => opening.verbs.test(ops) && opening.opens.test(joined));
}

/** Cloud resources shared with or reachable by everyone. */
export const cloudExposureRule: CommandRule = (cmd) => {
  const openings = OPENINGS.get(cmd.name);
  return openings !== undefined && opened(cmd, openings) ? matchOf(CLOUD_RULES.accessGrant) : null;
};
