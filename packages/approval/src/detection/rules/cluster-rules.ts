// kubectl and oc read over their real option table (global options such as `-n prod` or
// `--context` may come first): deletes of whole resource kinds or manifests, commands run in
// pods (`exec`, `run`, `debug ... -- CMD`, analysed as the command they run), pods or debug
// sessions with host access, node drains, forced replaces, pruning applies, cluster-admin
// grants and API proxies opened to the network.
import {
  DYNAMIC,
  hasOption,
  readOptions,
  stdinText,
  type OptionTable,
  type ReadOptions,
  type ResolvedCommand,
  type SimpleCommand,
  type Word,
} from "@hermes-agent/shell";
import { matchOf, worse, type CommandRule, type RuleContext } from "../rule-context.js";
import { rule, type DangerousCommandMatch, type RuleInfo } from "../types.js";
import { PLATFORM_RULES } from "./platform-rules.js";
import { manifestRisks, type ManifestRisk } from "./manifest-risks.js";

type Match = DangerousCommandMatch | null;

/** Rules for cluster operations that are not deletes. */
export const CLUSTER_RULES: Readonly<
  Record<"disruption" | "adminGrant" | "exposed" | "securityOff" | "remoteManifest", RuleInfo>
> = {
  disruption: rule(
    "cluster-disruption",
    "cluster workloads evicted or replaced (drain, replace --force, apply --prune, scale to zero)",
  ),
  adminGrant: rule(
    "cluster-admin-grant",
    "cluster-admin or admin role bound to an account, or cluster access rules (RBAC, pod security) changed",
  ),
  exposed: rule(
    "cluster-api-exposed",
    "cluster API or pod port opened to the network (proxy or port-forward on all addresses)",
  ),
  remoteManifest: rule(
    "cluster-remote-manifest",
    "manifest or kustomization applied straight from a URL (what it holds runs in the cluster, unread)",
  ),
  securityOff: rule(
    "cluster-security-disabled",
    "cluster security control switched off by a manifest (mesh mTLS disabled, allow-all authorization, policies set to audit only)",
  ),
} as const;

const MANIFEST_RULES: Readonly<Record<ManifestRisk, RuleInfo>> = {
  hostAccess: PLATFORM_RULES.dockerHost,
  securityOff: CLUSTER_RULES.securityOff,
  accessGrant: CLUSTER_RULES.adminGrant,
};

/** An inline manifest (`-f -` on stdin, a patch's text) judged by what it switches on or off. */
function inlineManifest(cmd: ResolvedCommand, read: ReadOptions, verb: string): Match {
  if (
    /^(?:apply|create|replace)$/.test(verb) &&
    read.options.some(
      (o) => /^(?:f|filename|k|kustomize)$/.test(o.name) && /^https?:\/\//.test(o.value ?? ""),
    )
  )
    return matchOf(CLUSTER_RULES.remoteManifest);
  const text =
    verb === "patch"
      ? value(read, "p") || value(read, "patch")
      : /^(?:apply|create|replace)$/.test(verb) &&
          read.options.some((o) => (o.name === "f" || o.name === "filename") && o.value === "-")
        ? stdinText(cmd.source)
        : null;
  const risk = text === null || text === "" ? undefined : manifestRisks(text)[0];
  return risk === undefined ? null : matchOf(MANIFEST_RULES[risk]);
}

/** kubectl's option table (which options take a value). */
export const KUBECTL: OptionTable = {
  shortWithValue: "nsfloclpkcv",
  longWithValue: [
    "namespace",
    "context",
    "cluster",
    "user",
    "server",
    "kubeconfig",
    "token",
    "as",
    "as-group",
    "request-timeout",
    "filename",
    "selector",
    "output",
    "container",
    "image",
    "patch",
    "type",
    "field-selector",
    "replicas",
    "grace-period",
    "timeout",
    "overrides",
    "env",
    "port",
    "labels",
    "serviceaccount",
    "clusterrole",
    "role",
    "address",
    "accept-hosts",
    "profile",
    "target",
    "copy-to",
    "restart",
    "cascade",
    "kustomize",
    "for",
    "pod-running-timeout",
    "user",
    "group",
    "set-image",
  ],
  long: [
    "all",
    "all-namespaces",
    "force",
    "prune",
    "privileged",
    "stdin",
    "tty",
    "rm",
    "quiet",
    "now",
    "wait",
  ],
};

const WIDE_KINDS =
  /^(?:namespaces?|ns|projects?|nodes?|no|pv|pvc|persistentvolumes?|persistentvolumeclaims?|crds?|customresourcedefinitions?|clusterroles?|clusterrolebindings?|roles?|rolebindings?|deployments?|deploy|statefulsets?|sts|daemonsets?|ds|replicasets?|rs|secrets?|configmaps?|cm|services?|svc|serviceaccounts?|sa|ingress(?:es)?|ing|cronjobs?|cj|networkpolic(?:y|ies)|netpol|storageclass(?:es)?|sc|apiservices?|(?:validating|mutating)webhookconfigurations?|podsecuritypolic(?:y|ies)|psp|all)(?:[/.,]|$)/i;
// Role-based access objects: a patch, edit or subject change can grant any account anything.
const RBAC_KINDS =
  /^(?:clusterroles?|clusterrolebindings?|roles?|rolebindings?)(?:[/.,]|$)|^(?:rbac\.authorization\.k8s\.io\/)/i;
const HOST_OVERRIDES = /"(?:hostPID|hostNetwork|hostIPC|privileged)"\s*:\s*true|"hostPath"\s*:/;
const ALL_ADDRESSES = /^(?:0\.0\.0\.0|::|\*|\[::\])$/;

/** The words after `--` (the command a pod runs), or null when there is none. */
function afterDashes(args: readonly Word[]): readonly Word[] | null {
  const at = args.findIndex((word) => word.text === "--");
  return at < 0 ? null : args.slice(at + 1);
}

function runInPod(words: readonly Word[] | null, ctx: RuleContext): Match {
  if (words === null || words.length === 0) return null;
  const synthetic: SimpleCommand = { assignments: [], words, redirects: [], upstream: [] };
  return ctx.analyseCommand(synthetic);
}

function value(read: ReadOptions, name: string): string {
  return read.options.find((o) => o.name === name)?.value ?? "";
}

function deleteMatch(ops: readonly string[], read: ReadOptions, fromInput: boolean): Match {
  // Whole manifests, every object of a kind, or whatever a selector matches at run time.
  if (
    hasOption(
      read,
      "all",
      "A",
      "all-namespaces",
      "f",
      "filename",
      "k",
      "kustomize",
      "l",
      "selector",
      "field-selector",
    )
  )
    return matchOf(PLATFORM_RULES.k8sDelete);
  if (ops.slice(1).some((op) => WIDE_KINDS.test(op))) return matchOf(PLATFORM_RULES.k8sDelete);
  // Objects named at run time (`... -o name | xargs kubectl delete`, `kubectl delete $ns`).
  if (fromInput || ops.length < 2 || ops.slice(1).some((op) => op.includes(DYNAMIC)))
    return matchOf(PLATFORM_RULES.k8sDelete);
  // `--force` (with `--grace-period=0`) skips graceful shutdown (and volume detach) of what it deletes.
  return hasOption(read, "force") && /^0*$/.test(value(read, "grace-period") || "0")
    ? matchOf(CLUSTER_RULES.disruption)
    : null;
}

// Patches that empty a workload, stop scheduling, strip finalizers or remove fields.
const DISRUPTIVE_PATCH =
  /"?persistentVolumeReclaimPolicy"?\s*:\s*"?Delete|"?replicas"?\s*:\s*0\b|"?unschedulable"?\s*:\s*true|"?finalizers"?\s*:\s*(?:null|\[\s*\])|"op"\s*:\s*"remove"|"?suspend"?\s*:\s*true/;

function kubectl(cmd: ResolvedCommand, ctx: RuleContext): Match {
  const read = readOptions(cmd.args, KUBECTL);
  if (/^(?:none|client|server)$/.test(value(read, "dry-run")) || hasOption(read, "dry-run"))
    return null;
  const ops = read.operands.map((word) => word.text).filter((op) => op !== "--");
  const verb = ops[0] ?? "";
  const manifest = inlineManifest(cmd, read, verb);
  if (manifest !== null) return manifest;
  switch (verb) {
    case "delete":
      return deleteMatch(ops, read, cmd.argsFromInput);
    case "exec":
      // Without `--` (an old form), the words after the pod name are the command.
      return runInPod(afterDashes(cmd.args) ?? read.operands.slice(2), ctx);
    case "run": {
      const host =
        hasOption(read, "privileged") || HOST_OVERRIDES.test(value(read, "overrides"))
          ? matchOf(PLATFORM_RULES.dockerHost)
          : null;
      return worse(host, runInPod(afterDashes(cmd.args), ctx));
    }
    case "debug": {
      const host =
        ops.slice(1).some((op) => /^(?:node|nodes|no)\//.test(op)) ||
        /^(?:sysadmin|netadmin)$/.test(value(read, "profile"))
          ? matchOf(PLATFORM_RULES.dockerHost)
          : null;
      return worse(host, runInPod(afterDashes(cmd.args), ctx));
    }
    case "drain":
    case "cordon":
      return matchOf(CLUSTER_RULES.disruption);
    case "taint":
      return ops.some((op) => /:NoExecute$/.test(op)) ? matchOf(CLUSTER_RULES.disruption) : null;
    case "patch":
      if (ops.slice(1).some((op) => RBAC_KINDS.test(op))) return matchOf(CLUSTER_RULES.adminGrant);
      return DISRUPTIVE_PATCH.test(value(read, "p") || value(read, "patch"))
        ? matchOf(CLUSTER_RULES.disruption)
        : null;
    case "edit":
      return ops.slice(1).some((op) => RBAC_KINDS.test(op))
        ? matchOf(CLUSTER_RULES.adminGrant)
        : null;
    case "set":
      return ops[1] === "subject" ? matchOf(CLUSTER_RULES.adminGrant) : null;
    case "rollout":
      return ops[1] === "undo" ? matchOf(CLUSTER_RULES.disruption) : null;
    case "label":
      // Pod security admission switched off for a namespace (`enforce=privileged`).
      return ops.some((op) => /^pod-security\.kubernetes\.io\/enforce=privileged$/.test(op)) ||
        ops.some((op) => /^pod-security\.kubernetes\.io\/enforce-?$/.test(op))
        ? matchOf(CLUSTER_RULES.adminGrant)
        : meshOptOut(ops);
    case "annotate":
      return meshOptOut(ops);
    case "adm":
      return ocPolicyGrant(ops);
    case "certificate":
      // An approved signing request is a new credential for whoever asked.
      return ops[1] === "approve" ? matchOf(CLUSTER_RULES.adminGrant) : null;
    case "auth":
      // `auth reconcile -f FILE`: RBAC objects created or widened from a manifest.
      return ops[1] === "reconcile" ? matchOf(CLUSTER_RULES.adminGrant) : null;
    case "replace":
      return hasOption(read, "force") ? matchOf(CLUSTER_RULES.disruption) : null;
    case "apply":
      return hasOption(read, "prune", "force") ? matchOf(CLUSTER_RULES.disruption) : null;
    case "scale":
      return /^0+$/.test(value(read, "replicas")) ? matchOf(PLATFORM_RULES.infraDestroy) : null;
    case "create":
      return /^(?:clusterrolebinding|rolebinding)$/.test(ops[1] ?? "") &&
        /^(?:cluster-admin|admin)$/.test(value(read, "clusterrole"))
        ? matchOf(CLUSTER_RULES.adminGrant)
        : null;
    case "proxy":
    case "port-forward":
      return value(read, "address")
        .split(",")
        .some((address) => ALL_ADDRESSES.test(address)) || value(read, "accept-hosts") === ".*"
        ? matchOf(CLUSTER_RULES.exposed)
        : null;
    default:
      return null;
  }
}

// Labels and annotations that take a namespace or workload out of the mesh (no mTLS, no policy).
const MESH_OPT_OUT =
  /^(?:istio-injection=disabled|sidecar\.istio\.io\/inject=false|linkerd\.io\/inject=disabled|config\.linkerd\.io\/default-inbound-policy=all-unauthenticated|kuma\.io\/sidecar-injection=disabled)$/;

function meshOptOut(ops: readonly string[]): Match {
  return ops.some((op) => MESH_OPT_OUT.test(op)) ? matchOf(CLUSTER_RULES.securityOff) : null;
}

/** `oc adm policy add-cluster-role-to-user cluster-admin dev`, `add-scc-to-user privileged`. */
function ocPolicyGrant(ops: readonly string[]): Match {
  if (ops[1] !== "policy") return null;
  const [, , action = "", role = ""] = ops;
  if (/^add-(?:cluster-)?role-to-(?:user|group)$/.test(action) && /admin|^edit$/.test(role))
    return matchOf(CLUSTER_RULES.adminGrant);
  if (
    /^add-scc-to-(?:user|group)$/.test(action) &&
    /^(?:privileged|anyuid|hostaccess|hostmount-anyuid|hostnetwork)$/.test(role)
  )
    return matchOf(CLUSTER_RULES.adminGrant);
  return null;
}

/** Cluster rules dispatched by command name. */
export const clusterRules: CommandRule = (cmd, ctx) =>
  KUBECTL_NAMES.has(cmd.name) ? kubectl(clusterCommand(cmd), ctx) : null;

// kubectl under its usual names: OpenShift's `oc`, the `kubecolor` wrapper, the `k` alias
// most cluster shells define (an unknown `k` is read as the most dangerous thing it could be),
// and the distributions that embed it (`k3s kubectl`, `microk8s kubectl`).
const KUBECTL_NAMES: ReadonlySet<string> = new Set([
  "kubectl",
  "oc",
  "kubecolor",
  "k",
  "kc",
  "k3s",
  "microk8s",
  "rancher",
]);

/** `k3s kubectl ...`, `microk8s kubectl ...`, `rancher kubectl ...` run kubectl with the rest. */
function clusterCommand(cmd: ResolvedCommand): ResolvedCommand {
  if (cmd.name !== "k3s" && cmd.name !== "microk8s" && cmd.name !== "rancher") return cmd;
  const [sub, ...rest] = cmd.args;
  return sub?.text === "kubectl" ? { ...cmd, name: "kubectl", args: rest } : { ...cmd, args: [] };
}
