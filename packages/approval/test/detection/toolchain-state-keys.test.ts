import { beforeAll, describe, expect, it } from "vitest";
import { detectDangerousCommand, initializeDetector } from "../../src/detection/index.js";

const keyOf = (command: string): string | undefined => detectDangerousCommand(command)?.patternKey;

// The rules toolchain-state-rules.ts reports, each under its own key so that approving one
// class of change never approves another. Commands are only parsed.
describe("toolchain state rule keys", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("installed toolchains, environments and global packages removed", () => {
    for (const command of [
      "nvm uninstall 18",
      "pyenv uninstall -f 3.11.4",
      "rustup toolchain uninstall stable",
      "asdf uninstall nodejs 18.19.0",
      "mise implode --yes",
      "conda env remove -n data",
      "uv python uninstall --all",
      "ghcup nuke",
      "opam switch remove default -y",
      "nix-collect-garbage -d",
      "nix profile remove '.*'",
    ])
      expect(keyOf(command), command).toBe("tool-global-state-removed");
  });

  it("credentials written into a tool's configuration", () => {
    for (const command of [
      "npm config set //registry.npmjs.org/:_authToken npm_abcdefghijklmnop",
      "npm set //npm.example.net/:_authToken=abc",
      "yarn config set npmAuthToken npm_abcdefghijk",
      "poetry config pypi-token.pypi pypi-AgEIcHlwaS5vcmc",
      "poetry config http-basic.internal user hunter2",
      "pdm config pypi.password hunter2",
      "hatch config set publish.index.auth pypi-AgEIcHlwaS5vcmc",
      "composer config -g github-oauth.github.com ghp_abcdefghijklmnop",
      "cargo login cio_abcdefghijklmnop",
      "nuget setapikey oy2abcdefghijk",
      "docker login -u admin -p hunter2 registry.example.net",
      "git config --global http.extraHeader 'Authorization: Bearer ghp_abcdef'",
      "mix hex.config api_key abcdef",
    ])
      expect(keyOf(command), command).toBe("tool-credential-stored");
  });

  it("tools changed for every later shell or project", () => {
    for (const command of [
      "conda init bash",
      "pipx ensurepath",
      "poetry self add poetry-plugin-export",
      "pdm self add pdm-backend-plugin",
      "gem update --system",
      "cabal install --lib helper",
      "pre-commit init-templatedir ~/.git-template",
      "git lfs install --system",
      "brew link --overwrite python@3.12",
    ])
      expect(keyOf(command), command).toBe("tool-global-change");
  });

  it("build-tool credential files, GraphQL mutations, devcontainer mounts, global deno installs", () => {
    for (const [command, key] of [
      ["cat ~/.m2/settings.xml", "credential-read"],
      ["grep -i password ~/.gradle/gradle.properties", "credential-read"],
      ["cat ~/.config/composer/auth.json", "credential-read"],
      ["cat ~/.config/glab-cli/config.yml", "credential-read"],
      ["cat ~/.nuget/NuGet/NuGet.Config", "credential-read"],
      ["cat ~/.sbt/.credentials", "credential-read"],
      [
        "gh api graphql -f query='mutation { deleteRepository(input:{repositoryId:\"R_1\"}) { clientMutationId } }'",
        "git-push-delete",
      ],
      [
        "gh api graphql -f query='mutation($id:ID!){ updateRepository(input:{repositoryId:$id, visibility:PUBLIC}){ clientMutationId } }'",
        "repo-settings-change",
      ],
      [
        "devcontainer up --workspace-folder . --mount type=bind,source=/,target=/host",
        "docker-host-escape",
      ],
      [
        "devcontainer up --workspace-folder . --mount 'type=bind,source=/home/dev/.ssh,target=/root/.ssh'",
        "docker-host-escape",
      ],
      ["deno install --global --allow-all jsr:@someone/cli", "package-global-install"],
      ["deno install -g -A -n tool npm:some-cli", "package-global-install"],
      ["mvn deploy -DdryRun=false", "package-publish"],
    ] as const)
      expect(keyOf(command), command).toBe(key);
    for (const command of [
      "cat pom.xml",
      "cat gradle.properties",
      "cat ~/.m2/repository/org/acme/lib/1.0/lib-1.0.pom",
      'gh api graphql -f query=\'mutation { addComment(input:{subjectId:"I_1",body:"hi"}) { clientMutationId } }\'',
      "gh api graphql -f query='query { viewer { login } }'",
      "devcontainer up --workspace-folder . --mount type=volume,source=cache,target=/cache",
      "deno install",
      "deno install --entrypoint main.ts",
      "mvn deploy -DdryRun=true",
      "mvn -B deploy -Dmaven.deploy.skip=true",
    ])
      expect(keyOf(command), command).toBeUndefined();
  });

  it("stored tokens printed", () => {
    for (const command of [
      "npm token list",
      "npm config get //registry.npmjs.org/:_authToken",
      "yarn config get npmAuthToken",
      "glab config get token",
      "mix hex.user key generate",
      "docker-credential-desktop list",
      "git config --get http.extraheader",
      "git credential-store get",
    ])
      expect(keyOf(command), command).toBe("credential-read");
  });
});
