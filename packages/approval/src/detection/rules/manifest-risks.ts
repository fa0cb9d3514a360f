// Kubernetes manifests given inline (`kubectl apply -f - <<EOF`, `echo '{...}' | kubectl create
// -f -`, `kubectl patch -p '{...}'`) read for the settings that hand out the host or switch a
// security control off: privileged containers, host namespaces and paths, dangerous
// capabilities, mesh mTLS disabled or an allow-everything authorization policy, and RBAC
// objects that bind cluster-admin or grant the anonymous or every authenticated user.
// YAML and JSON are read alike, one `key: value` at a time, with quotes dropped.

/** What an inline manifest does that needs a person's approval. */
export type ManifestRisk = "hostAccess" | "securityOff" | "accessGrant";

interface ManifestEntry {
  /** The manifest's kinds this entry is about (any kind when absent). */
  readonly kinds?: RegExp;
  readonly test: RegExp;
  readonly risk: ManifestRisk;
}

const ENTRIES: readonly ManifestEntry[] = [
  {
    test: /^(?:privileged|hostPID|hostNetwork|hostIPC|allowPrivilegeEscalation): true$/,
    risk: "hostAccess",
  },
  { test: /^hostPath:/, risk: "hostAccess" },
  {
    test: /^(?:- )?(?:CAP_)?(?:SYS_ADMIN|SYS_MODULE|SYS_PTRACE|SYS_RAWIO|DAC_READ_SEARCH|BPF)$/,
    risk: "hostAccess",
  },
  {
    test: /^add: \[.*\b(?:SYS_ADMIN|SYS_MODULE|SYS_PTRACE|SYS_RAWIO|DAC_READ_SEARCH|BPF|ALL)\b/,
    risk: "hostAccess",
  },
  // Mesh traffic sent in clear, or every request allowed.
  {
    kinds: /^(?:PeerAuthentication|DestinationRule|Policy|MeshPolicy)$/,
    test: /^mode: (?:DISABLE|PERMISSIVE|UNSET)$/,
    risk: "securityOff",
  },
  {
    kinds: /^(?:Server|ServerAuthorization|AuthorizationPolicy)$/,
    test: /^(?:- EMPTY|rules: \[EMPTY)$/,
    risk: "securityOff",
  },
  { kinds: /^(?:AuthorizationPolicy)$/, test: /^action: AUDIT$/, risk: "securityOff" },
  {
    kinds: /^(?:Namespace)$/,
    test: /^pod-security\.kubernetes\.io\/enforce: privileged$/,
    risk: "securityOff",
  },
  {
    kinds: /^(?:Namespace)$/,
    test: /^(?:istio-injection: disabled|linkerd\.io\/inject: disabled)$/,
    risk: "securityOff",
  },
  {
    kinds: /^(?:ClusterPolicy|Policy)$/,
    test: /^validationFailureAction: (?:Audit|audit)$/,
    risk: "securityOff",
  },
  { test: /^enforcementAction: (?:dryrun|warn)$/, risk: "securityOff" },
  // RBAC: the highest roles bound, or anyone at all made a subject; on EKS the `aws-auth` map
  // puts IAM identities into groups, `system:masters` being cluster-admin.
  { test: /\bsystem:masters\b/, risk: "accessGrant" },
  {
    kinds: /^(?:ClusterRoleBinding|RoleBinding)$/,
    test: /^name: (?:cluster-admin|admin|system:masters)$/,
    risk: "accessGrant",
  },
  {
    kinds: /^(?:ClusterRoleBinding|RoleBinding)$/,
    test: /^(?:- )?name: system:(?:anonymous|unauthenticated|authenticated|serviceaccounts)$/,
    risk: "accessGrant",
  },
  {
    kinds: /^(?:ClusterRole|Role)$/,
    test: /^(?:- )?(?:verbs|resources|apiGroups): \[?\*\]?$/,
    risk: "accessGrant",
  },
  {
    kinds: /^(?:ClusterRole|Role)$/,
    test: /^(?:- )?(?:verbs: \[.*\b(?:escalate|bind|impersonate)\b)/,
    risk: "accessGrant",
  },
];

// One `key: value` per line (YAML) or per member (JSON), quotes dropped.
function pairs(text: string): string[] {
  return text
    .replace(/[{,]\s*"/g, (all) => `${all.startsWith("{") ? "{" : ","}\n"`)
    .split("\n")
    .map((line) =>
      line
        .trim()
        .replace(/^,/, "")
        .replace(/["']/g, "")
        .replace(/\{\s*\}/g, "EMPTY")
        .replace(/\s*:\s*/, ": ")
        .replace(/\s*[,}\]]+$/, "")
        .replace(/\s+#.*$/, ""),
    )
    .filter((line) => line !== "");
}

/** The risks of an inline manifest (every document of it), empty when there are none. */
export function manifestRisks(text: string): ManifestRisk[] {
  const risks: ManifestRisk[] = [];
  const lines = pairs(text);
  // The kinds of every document: entries are judged against all of them (a `---` list or a
  // `List` holds several), which errs on the side of holding the manifest.
  const kinds = lines
    .map((line) => /^(?:- )?kind: (\w+)$/.exec(line)?.[1] ?? "")
    .filter((kind) => kind !== "");
  for (const entry of ENTRIES) {
    if (entry.kinds !== undefined && !kinds.some((kind) => entry.kinds?.test(kind) === true))
      continue;
    if (
      lines.some((line) => entry.test.test(line.replace(/^- (?=\w+: )/, ""))) ||
      lines.some((line) => entry.test.test(line))
    )
      risks.push(entry.risk);
  }
  return risks;
}
