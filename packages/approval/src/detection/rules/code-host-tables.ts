// Verb tables of code-hosting CLIs (gh, glab): repositories made public or archived, merges
// that bypass branch protection, CI secrets and variables set, keys that grant access added,
// and REST calls that move refs (a force push through the API), change collaborators, branch
// protection, hooks or keys. Deletes of repositories and releases stay in operations-rules.
import { hasOption } from "@hermes-agent/shell";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { valueOf, type CliTable, type VerbEntry, type VerbInput } from "./cli-verb-tables.js";

const { repoSettings } = OPS_CLI_RULES;

const OPTIONS = {
  shortWithValue: "RXfFHtbBLqTgl",
  longWithValue: [
    "repo",
    "method",
    "field",
    "raw-field",
    "header",
    "input",
    "jq",
    "template",
    "title",
    "body",
    "body-file",
    "base",
    "head",
    "limit",
    "visibility",
    "default-branch",
    "description",
    "homepage",
    "add-topic",
    "remove-topic",
    "subject",
    "author-email",
    "env",
    "environment",
    "org",
    "group",
    "app",
    "label",
    "assignee",
    "reviewer",
    "milestone",
    "state",
    "json",
    "hostname",
    "match-head-commit",
    "branch",
    "source",
  ],
} as const;

// REST paths whose writes change who can push, what runs in CI, or where refs point.
// Organisation, group and instance settings and memberships count too (`PATCH orgs/acme`).
const SENSITIVE_PATH =
  /git\/refs|\/collaborators\/|\/protection\b|\/(?:keys|hooks|rulesets|invitations)\b|\/actions\/(?:secrets|variables|permissions|runners|runner-groups)|\/environments\/|\/members\/|\/variables\b|\/deploy_keys|\/protected_branches|^\/?(?:orgs|groups|enterprises)\/[^/]+\/?$|\/(?:memberships|outside_collaborators|access_tokens|personal_access_tokens|personal-access-tokens|credential-authorizations|security-managers|organization-roles|share)\b|\/teams\/[^/]+\/(?:repos|memberships|projects)\b|^\/?application\/settings\b|^\/?users\/[^/]+\/?$/;
const EXPOSING_FIELD =
  /(?:^|\s)(?:private=false|visibility=public)\b|(?:^|\s)force=true\b|(?:^|\s)(?:default_repository_permission|permission|role|access_level|default_branch_protection)=(?:admin|write|maintain|owner|40|50|0)\b|(?:^|\s)(?:members_can_create_public_repositories|admin|signup_enabled|can_create_group|members_can_fork_private_repositories)=true\b/;

/** True when a `gh api` / `glab api` call writes to a path that changes access or refs. */
function sensitiveApiWrite({ read, ops, joined }: VerbInput): boolean {
  const fields = hasOption(read, "f", "F", "field", "raw-field", "input");
  const method = (valueOf(read, "X", "method") || (fields ? "POST" : "GET")).toUpperCase();
  if (!/^(?:POST|PUT|PATCH)$/.test(method)) return false;
  const path = ops[1] ?? "";
  return SENSITIVE_PATH.test(path) || EXPOSING_FIELD.test(joined);
}

const SHARED: readonly VerbEntry[] = [
  { verbs: /^repo (?:archive|transfer)\b/, rule: repoSettings },
  { verbs: /^(?:secret|variable|var) (?:set|update|delete|remove)\b/, rule: repoSettings },
  { verbs: /^(?:ssh-key|gpg-key|deploy-key) (?:add|create)\b/, rule: repoSettings },
  { verbs: /^repo deploy-key add\b/, rule: repoSettings },
  { verbs: /^api\b/, when: sensitiveApiWrite, rule: repoSettings },
];

const GH: CliTable = {
  options: { ...OPTIONS, long: ["admin", "force", "squash", "delete-branch"] },
  entries: [
    {
      verbs: /^repo edit\b/,
      when: ({ read }) => /^public$/i.test(valueOf(read, "visibility")),
      rule: repoSettings,
    },
    { verbs: /^pr merge\b/, when: ({ read }) => hasOption(read, "admin"), rule: repoSettings },
    { verbs: /^repo sync\b/, when: ({ read }) => hasOption(read, "force"), rule: repoSettings },
    ...SHARED,
  ],
};

const GLAB: CliTable = {
  options: OPTIONS,
  entries: [
    {
      verbs: /^repo (?:edit|update)\b/,
      when: ({ read }) => /^public$/i.test(valueOf(read, "visibility")),
      rule: repoSettings,
    },
    ...SHARED,
  ],
};

/** Code-hosting CLI tables by command name. */
export const CODE_HOST_TABLES: ReadonlyMap<string, CliTable> = new Map([
  ["gh", GH],
  ["glab", GLAB],
]);
