import { stageOutput, type SimpleCommand } from "@hermes-agent/shell";

/** The static text a command reads on stdin (here-doc, here-string, static pipeline). */
export function stdinText(source: SimpleCommand): string | null {
  for (const redirect of source.redirects) {
    if (redirect.heredoc !== null) return redirect.heredoc;
    if (redirect.op === "<<<" && redirect.target && !redirect.target.dynamic)
      return redirect.target.text;
  }
  const upstream = source.upstream[source.upstream.length - 1];
  return upstream === undefined ? null : stageOutput(upstream);
}
