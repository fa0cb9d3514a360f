import { beforeAll, describe, expect, it } from "vitest";
import { detectDangerousCommand, initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Packages, images and releases published outside the machine, and secrets pushed with a
// commit. Commands are only parsed, never run.
describe("publishing outside the machine", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("flags package publishes of every registry client", () => {
    expectAll(
      [
        "npm publish",
        "npm publish --access public",
        "npm --registry https://registry.npmjs.org publish ./pkg",
        "npm publish --tag next --otp 123456",
        "pnpm publish --no-git-checks --tag latest",
        "pnpm -r publish",
        "yarn npm publish",
        "yarn publish --new-version 1.2.3",
        "bun publish",
        "npx lerna publish from-package --yes",
        "npx changeset publish",
        "cargo publish --allow-dirty",
        "cargo publish -p core --no-verify",
        "gem push pkg/tools-0.4.0.gem",
        "twine upload dist/*",
        "python3 -m twine upload --repository pypi dist/*",
        "poetry publish --build",
        "uv publish --token $T",
        "flit publish",
        "hatch publish",
        "mix hex.publish --yes",
        "MIX_ENV=prod mix hex.publish package",
        "dotnet nuget push bin/x.nupkg --api-key $K --source https://api.nuget.org/v3/index.json",
        "nuget push x.nupkg -Source https://api.nuget.org/v3/index.json",
        "mvn clean deploy -DskipTests",
        "./gradlew publish",
        "./gradlew clean build publishToMavenCentral",
        "sbt publish",
        "vsce publish minor",
        "deno publish",
        "dart pub publish --force",
        "pod trunk push Lib.podspec",
        "goreleaser release --clean",
        "sudo npm publish",
        "gh release create v1.2.0 dist/*",
        "gh release upload v1.2.0 build.tar.gz --clobber",
        "glab release create v1.0.0",
      ],
      "dangerous",
    );
  });

  it("flags unpublishing, yanking, ownership and visibility changes", () => {
    for (const command of [
      "npm unpublish @acme/ui@2.3.1 --force",
      "npm access set status=public @acme/internal-sdk",
      "npm access public @acme/x",
      "npm deprecate foo@1 'use bar'",
      "npm owner add someone @acme/x",
      "cargo yank --vers 1.0.0",
      "cargo owner --add someone",
      "gem yank tools -v 0.4.0",
      "mix hex.retire pkg 1.0.0 security",
      "gh gist create --public .env.sample",
      "gh gist create -p notes.md",
      "gh repo create acme/x --public",
      "gh repo create --visibility public x",
      "glab repo create x --public",
    ])
      expect(detectDangerousCommand(command)?.patternKey, command).toBe(
        "package-visibility-change",
      );
  });

  it("flags image pushes to registries off the machine", () => {
    for (const command of [
      "docker push acme/api:latest",
      "podman push acme/api:latest",
      "docker image push acme/api",
      "docker push --all-tags registry.example.com/acme/api",
      "docker buildx build --push -t acme/api:latest .",
      "docker build --output type=registry -t acme/api .",
      "docker tag a docker.io/user/api:latest && docker push docker.io/user/api:latest",
      "buildah push acme/api docker://quay.io/acme/api:latest",
      "docker --log-level warn push acme/api",
    ])
      expect(detectDangerousCommand(command)?.patternKey, command).toBe("image-push");
  });

  it("holds public and floating image names; a fixed version to the project's own registry is allowed", () => {
    for (const command of [
      "docker push acme/api",
      "docker push acme/api:1.4.2",
      "docker push docker.io/acme/api:1.4.2",
      "docker push public.ecr.aws/acme/api:1.0",
      "docker push registry.acme.io/acme/api",
      "docker push registry.acme.io/acme/api:latest",
      "docker push -a registry.acme.io/acme/api",
      "podman push quay.io/acme/api",
      "podman push localhost/api docker://docker.io/acme/api:2.0",
      "docker buildx build --push -t registry.acme.io/api:1.2 -t registry.acme.io/api:latest .",
      "docker buildx build --push .",
    ])
      expect(detectDangerousCommand(command)?.patternKey, command).toBe("image-push");
    expectAll(
      [
        "docker push registry.example.com/acme/api:1.4.2",
        "docker tag acme/api:dev registry.acme.io/acme/api:1.9.0-rc1 && docker push registry.acme.io/acme/api:1.9.0-rc1",
        "docker push ghcr.io/acme/api:v2.3.1",
        "docker push 123456789012.dkr.ecr.eu-west-1.amazonaws.com/api:2024-11-24",
        "docker buildx build --push -t registry.acme.io/api:1.2.0 .",
        "docker push registry.acme.io/acme/api@sha256:0123456789abcdef",
      ],
      "safe",
    );
  });

  it("flags registry clients copying images out and releases made public later", () => {
    expectAll(
      [
        "skopeo copy docker-daemon:api:latest docker://docker.io/acme/api:latest",
        "crane push image.tar docker.io/acme/api:latest",
        "crane copy gcr.io/a/b:1 docker.io/acme/b:1",
        "oras push ghcr.io/acme/artifact:v1 ./file.txt",
        "docker compose push",
        "docker-compose push api",
        "gh release edit v1.0.0 --draft=false",
        "gh release create v1 --draft=false",
        "sbt +publishSigned",
        "npm team add acme:devs someone",
      ],
      "dangerous",
    );
    expectAll(
      [
        "./gradlew publishToMavenLocal",
        "sbt publishLocal",
        "skopeo copy docker://docker.io/library/alpine:3 oci:alpine:3",
        "skopeo inspect docker://docker.io/library/alpine",
        "crane digest alpine",
        "gh release edit v1 --notes x",
        "docker compose up -d",
      ],
      "safe",
    );
  });

  it("flags a secret or force-added file committed and pushed", () => {
    for (const command of [
      "git add -f config/credentials.json && git commit -m wip && git push origin main",
      "git add .env && git commit -m 'add config' && git push",
      "git add .env; git commit -m x; git push",
      "git add --force build/secrets.yaml && git commit -qm x && git push -u origin HEAD",
      "git add -f dist/ && git commit -m build && git push",
      "git commit -m keys id_rsa && git push",
      "git -C repo add deploy/key.pem && git -C repo commit -m k && git -C repo push",
    ])
      expect(detectDangerousCommand(command)?.patternKey, command).toBe("secret-pushed");
  });

  it("leaves dry runs, packing, drafts, reads and ordinary pushes alone", () => {
    expectAll(
      [
        "npm publish --dry-run",
        "pnpm publish --dry-run --no-git-checks",
        "cargo publish --dry-run",
        "poetry publish --dry-run",
        "mix hex.publish --dry-run",
        "uv publish --dry-run",
        "npm pack",
        "npm view react versions",
        "npm access list packages",
        "twine check dist/*",
        "python3 -m build",
        "docker push localhost:5000/app:dev",
        "docker build -t acme/api .",
        "docker images",
        "gh release create v1 --draft --generate-notes",
        "gh release list --limit 10",
        "gh gist create notes.md",
        "gh repo create acme/x --private",
        "mvn -q -DskipTests package",
        "./gradlew build",
        "goreleaser release --snapshot --clean",
        "goreleaser release --skip=publish",
        "git add src/ && git commit -m x && git push",
        "git add -A && git commit -m x && git push origin feature/login",
        "git add .env.example && git commit -m 'document settings' && git push",
        "git add -n .env && git push --dry-run",
      ],
      "safe",
    );
  });
});
