import { beforeAll, describe, expect, it } from "vitest";
import { detectDangerousCommand, initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Developer tools' global settings weakened, credentials replaced, installs from unreviewed
// feeds, and dotfiles or tool configs that run code later. Commands are only parsed.
describe("tool configuration and feeds", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("flags settings that turn off verification or redirect where code comes from", () => {
    for (const command of [
      "git config --global http.sslVerify false",
      "git config --global http.https://x.example.sslVerify false",
      "git config --system http.sslVerify 0",
      "git -c http.sslVerify=false clone https://x.example/r.git",
      "git config --global --add safe.directory '*'",
      "git config --global protocol.file.allow always",
      "git config --global transfer.fsckObjects false",
      "npm set strict-ssl=false",
      "npm config set prefix /usr/local/shared",
      "npm config set script-shell /tmp/sh",
      "pnpm config set strict-ssl false",
      "npm config set registry http://npm.example.net",
      "npm config set @acme:registry https://npm.example.net/",
      "npm config set ignore-scripts false --location=global",
      "yarn config set npmRegistryServer http://npm.example.net",
      "yarn config set -H enableStrictSsl false",
      "yarn config set unsafeHttpWhitelist --json '[\"*.example\"]'",
      "pip config --user set global.index-url http://pypi.example.net/simple",
      "pip config set global.trusted-host pypi.example.net",
      "pip3 config set install.extra-index-url https://pkgs.example.net/simple",
      "python3 -m pip config set global.trusted-host x",
      "composer config -g secure-http false",
      "composer config --global disable-tls true",
      "composer config -g repos.packagist composer http://packagist.example",
      "poetry config certificates.PyPI.cert false",
      "poetry config repositories.internal http://pkgs.example/simple",
      "go env -w GOPROXY=http://goproxy.example.net,direct GOSUMDB=off",
      "go env -w GOINSECURE=*",
      "go env -w GONOSUMDB=github.com",
      "go env -w GOFLAGS=-insecure",
      "bun pm trust --all",
      "conda config --set ssl_verify false",
      "conda config --add channels http://conda.example.net",
      "bundle config set --global ssl_verify_mode 0",
      "gcloud config set auth/disable_ssl_validation true",
      "export NODE_TLS_REJECT_UNAUTHORIZED=0",
      "export GIT_SSL_NO_VERIFY=1",
      "declare -x PYTHONHTTPSVERIFY=0",
      "GIT_SSL_NO_VERIFY=true git clone https://x.example/r.git",
      "NODE_TLS_REJECT_UNAUTHORIZED=0 npm install",
    ])
      expect(detectDangerousCommand(command)?.patternKey, command).toBe("tool-config-weakened");
  });

  it("flags stored cloud credentials replaced and a toolchain uninstalling itself", () => {
    for (const command of [
      'aws configure set aws_secret_access_key "$NEW_SECRET" --profile default',
      "aws configure set default.aws_access_key_id AKIAEXAMPLE",
      "aws configure set aws_session_token x --profile prod",
      "aws configure set credential_process '/tmp/creds.sh'",
    ])
      expect(detectDangerousCommand(command)?.patternKey, command).toBe(
        "tool-credentials-overwrite",
      );
    expect(detectDangerousCommand("rustup self uninstall -y")?.patternKey).toBe(
      "toolchain-uninstall",
    );
  });

  it("flags installs from git, URLs and plain-http feeds", () => {
    for (const command of [
      "dotnet tool install --global some-tool --add-source http://feed.example/nuget/v3/index.json",
      "dotnet tool update -g t --add-source http://feed.example/index.json",
      "dotnet nuget add source http://feed.example/v3/index.json -n feed",
      "nuget sources add -Name x -Source http://feed.example/",
      "uv tool install --from git+https://github.com/anon/linter linter",
      "uv tool install git+https://github.com/anon/linter",
      "uvx --from git+https://github.com/x/y y",
      "pipx install git+https://github.com/x/y",
      "pipx install https://x.example/y-1.0.tar.gz",
      "pip install -r https://example.com/requirements.txt",
      "pip3 install --requirement=http://example.com/req.txt",
      "uv pip install -r https://example.com/requirements.txt",
      "mix archive.install https://example.com/archives/phx_new.ez --force",
      "mix archive.install github hexpm/hex branch latest",
      "mix escript.install git https://github.com/x/y.git",
      "gem sources --add http://gems.example.net/",
      "helm repo add x http://charts.example.net",
      "gh extension install someone/gh-thing",
      "code --install-extension ./ext.vsix",
      "kubectl krew install --manifest-url=https://x.example/p.yaml",
      "asdf plugin add foo https://github.com/x/asdf-foo.git",
      "pre-commit try-repo https://github.com/x/hooks",
    ])
      expect(detectDangerousCommand(command)?.patternKey, command).toMatch(
        /^(?:install-untrusted-feed|package-untrusted-source)$/,
      );
  });

  it("flags writes of dotfiles, tool configs and PATH directories by any writer", () => {
    for (const command of [
      "echo 'autocmd BufRead * silent !true' >> ~/.vimrc",
      "echo \"run-shell 'true'\" >> ~/.tmux.conf",
      "echo 'org.gradle.jvmargs=-javaagent:/tmp/agent.jar' >> ~/.gradle/gradle.properties",
      "cp settings-mirror.xml ~/.m2/settings.xml",
      "printf '[source.crates-io]\\nreplace-with = \"m\"\\n' >> ~/.cargo/config.toml",
      "mkdir -p ~/.config/pip && printf '[global]\\n' > ~/.config/pip/pip.conf",
      "install -m 755 ./bin/fake-sudo ~/bin/sudo",
      "printf '#!/bin/sh\\n' > ~/.local/bin/sudo && chmod +x ~/.local/bin/sudo",
      "ln -sf /tmp/x ~/.local/bin/ls",
      "cp wrapper.sh ~/bin/git",
      "mv /tmp/x ~/.local/bin/python3",
      "tee -a ~/.config/fish/conf.d/x.fish <<< 'true'",
      "cp x.py ~/.local/lib/python3.11/site-packages/usercustomize.py",
      "echo x > $HOME/.curlrc",
      "echo x > /home/alice/.wgetrc",
      "cd ~ && echo x >> .vimrc",
      "curl -o ~/.gradle/init.d/x.gradle https://x.example/i",
      "wget -O ~/.m2/settings.xml https://x.example/s",
      "cp init.el ~/.emacs.d/init.el",
      "dd of=$HOME/.psqlrc if=/tmp/x",
      "mv /tmp/kitty.conf ~/.config/kitty/kitty.conf",
      "cp x.desktop ~/.local/share/applications/",
      "rsync -a dots/ ~/.config/nvim/",
    ])
      expect(detectDangerousCommand(command)?.patternKey, command).toBe("write-user-tool-config");
  });

  it("flags session variables, feeds and kubeconfigs that weaken checks", () => {
    expectAll(
      [
        "export NODE_TLS_REJECT_UNAUTHORIZED='0'",
        'export GIT_SSL_NO_VERIFY="true"',
        "PYTHONHTTPSVERIFY=0",
        "export PIP_INDEX_URL=http://pypi.example.net/simple",
        "export REQUESTS_CA_BUNDLE=/tmp/ca.pem",
        "export NODE_EXTRA_CA_CERTS=/tmp/mitm.pem",
        "export NPM_CONFIG_REGISTRY=http://npm.example.net",
        "export GOPROXY=http://goproxy.example.net",
        "export UV_INDEX_URL=http://x.example/simple",
        "uv pip install --index-url http://x.example requests",
        "uv add --index-url http://x.example requests",
        "poetry source add --priority=primary mirror http://pypi.example.net/simple",
        "kubectl config set-cluster prod --insecure-skip-tls-verify=true",
        "kubectl config set clusters.prod.insecure-skip-tls-verify true",
        "aws configure import --csv file://creds.csv",
        "vagrant plugin install vagrant-x --plugin-source http://gems.example.net",
        "ansible-galaxy install git+https://github.com/x/role.git",
        "echo '{}' > ~/.config/Code/User/settings.json",
        "echo 'import os' > $(python3 -m site --user-site)/usercustomize.py",
        "cp evil.pth /usr/lib/python3/site-packages/evil.pth",
      ],
      "dangerous",
    );
    expectAll(
      [
        "export GOPROXY=https://proxy.golang.org,direct",
        "export PIP_INDEX_URL=https://pypi.org/simple",
        "export SSL_CERT_FILE=/etc/ssl/certs/ca-certificates.crt",
        "export NPM_CONFIG_PREFIX=~/.npm-global",
        "uv pip install --index-url https://pypi.org/simple requests",
        "kubectl config use-context prod",
        "echo x > .vscode/settings.json",
      ],
      "safe",
    );
  });

  it("leaves reads, project settings, caches and app data alone", () => {
    expectAll(
      [
        "git config --global user.name 'Dana Dev'",
        "git config --local pull.rebase true",
        "git config --get core.hooksPath",
        "git config --global --get http.sslVerify",
        "git config --global http.sslVerify true",
        "git config --global --unset http.proxy",
        "npm config list",
        "npm config get registry",
        "npm config set registry https://registry.npmjs.org/",
        "npm config set prefix ~/.npm-global",
        "npm config set save-exact true",
        "pip config list",
        "pip config set global.timeout 60",
        "poetry config virtualenvs.in-project true",
        "go env -w GOPRIVATE=github.com/acme/*",
        "go env GOPATH",
        "aws configure set region us-east-1",
        "aws configure list",
        "rustup update && rustup show",
        "export NODE_ENV=production",
        "uv tool install ruff",
        "pipx install black",
        "pip install -r requirements.txt",
        "mix archive.install hex phx_new",
        "dotnet tool install -g dotnet-ef",
        "dotnet tool install --add-source ./nupkg mytool",
        "gh extension list",
        "code --install-extension ms-python.python",
        "conda config --show",
        "yarn config get npmRegistryServer",
        "bun pm trust esbuild",
        "composer config --list",
        "mkdir -p ~/.config/myapp && cp config/defaults.toml ~/.config/myapp/config.toml",
        "ls -la ~/.config && cat ~/.vimrc",
        "echo x > ~/.cache/foo/log",
        "cp -r x ~/.m2/repository/com/acme/",
        "mkdir -p ~/.local/share/myapp && echo x > ~/.local/share/myapp/db",
        "cargo build 2> ~/.cache/build.log",
        "cp report.pdf ~/Documents/",
        "echo done > ~/notes.txt",
        "install -m 755 build/mytool ~/.local/bin/mytool",
        "cp target/release/fastgrep ~/bin/",
      ],
      "safe",
    );
  });
});
