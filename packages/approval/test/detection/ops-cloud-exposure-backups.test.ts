import { beforeAll, describe, expect, it } from "vitest";
import { detectDangerousCommand, initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Every command is only parsed; accounts, resources and repositories are example names.
function keyOf(command: string): string | null {
  return detectDangerousCommand(command)?.patternKey ?? null;
}

describe("cloud resources opened to everyone, backups pruned, swarm and server state", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("snapshots, databases, functions and firewalls opened to every principal or network", () => {
    const opened = [
      "aws ec2 modify-snapshot-attribute --snapshot-id snap-1 --attribute createVolumePermission --operation-type add --group-names all",
      'aws ec2 modify-image-attribute --image-id ami-1 --launch-permission "Add=[{Group=all}]"',
      "aws rds modify-db-snapshot-attribute --db-snapshot-identifier s --attribute-name restore --values-to-add all",
      "aws --region eu-west-1 rds modify-db-instance --db-instance-identifier prod --publicly-accessible --apply-immediately",
      "aws lambda add-permission --function-name api --statement-id pub --action lambda:InvokeFunction --principal '*'",
      "aws lambda create-function-url-config --function-name api --auth-type NONE",
      'aws sqs set-queue-attributes --queue-url q --attributes \'{"Policy":"{\\"Statement\\":[{\\"Effect\\":\\"Allow\\",\\"Principal\\":\\"*\\"}]}"}\'',
      "gcloud sql instances patch prod --authorized-networks=0.0.0.0/0",
      "gcloud container clusters update prod --enable-master-authorized-networks --master-authorized-networks 0.0.0.0/0",
      "gcloud run deploy api --image gcr.io/p/api --allow-unauthenticated",
      "gcloud functions deploy hook --trigger-http --allow-unauthenticated",
      "az sql server firewall-rule create -g rg -s srv -n all --start-ip-address 0.0.0.0 --end-ip-address 255.255.255.255",
      "az postgres flexible-server firewall-rule create -g rg -n srv --rule-name all --start-ip-address 0.0.0.0 --end-ip-address 255.255.255.255",
      "az storage account update -g rg -n acct --default-action Allow",
      'doctl compute firewall create --name open --inbound-rules "protocol:tcp,ports:22,address:0.0.0.0/0"',
      "hcloud firewall add-rule fw --direction in --protocol tcp --port 22 --source-ips 0.0.0.0/0",
      "oci os bucket update --bucket-name b --public-access-type ObjectRead",
    ];
    for (const command of opened) expect(keyOf(command), command).toBe("cloud-access-grant");
    expectAll(
      [
        "aws ec2 modify-snapshot-attribute --snapshot-id snap-1 --attribute createVolumePermission --operation-type add --user-ids 123456789012",
        "aws rds modify-db-instance --db-instance-identifier prod --no-publicly-accessible",
        "aws lambda add-permission --function-name api --statement-id s3 --action lambda:InvokeFunction --principal s3.amazonaws.com",
        "aws lambda create-function-url-config --function-name api --auth-type AWS_IAM",
        "gcloud sql instances patch prod --authorized-networks=10.0.0.0/8",
        "gcloud run deploy api --image gcr.io/p/api --no-allow-unauthenticated",
        "az sql server firewall-rule create -g rg -s srv -n office --start-ip-address 203.0.113.10 --end-ip-address 203.0.113.20",
        "az storage account update -g rg -n acct --default-action Deny",
        'doctl compute firewall create --name ssh --inbound-rules "protocol:tcp,ports:22,address:10.0.0.0/8"',
        "hcloud firewall add-rule fw --direction in --protocol tcp --port 22 --source-ips 10.0.0.0/8",
        "oci os bucket update --bucket-name b --public-access-type NoPublicAccess",
      ],
      "safe",
    );
  });

  it("backup tools forgetting, pruning or deleting snapshots", () => {
    const deleted = [
      "restic -r s3:s3.amazonaws.com/backups forget --keep-last 1 --prune",
      "restic -r /srv/restic prune",
      "restic --repo sftp:backup@host:/srv forget latest",
      "borg delete /srv/borg::archive-1",
      "borg delete --force /srv/borg",
      "borg prune --keep-daily 1 /srv/borg",
      "duplicity remove-all-but-n-full 1 --force s3://bucket/backup",
      "duplicity cleanup --force file:///srv/backup",
      "tarsnap -d -f backup-2024",
      "kopia snapshot delete k123 --delete",
    ];
    for (const command of deleted) expect(keyOf(command), command).toBe("backup-delete");
    expectAll(
      [
        "restic -r /srv/restic snapshots",
        "restic -r /srv/restic backup ~/work",
        "restic -r /srv/restic forget --keep-last 7 --dry-run",
        "borg list /srv/borg",
        "borg create /srv/borg::{now} ~/work",
        "borg prune -n --keep-daily 7 /srv/borg",
        "duplicity collection-status file:///srv/backup",
        "duplicity cleanup file:///srv/backup",
        "tarsnap --list-archives",
        "kopia snapshot list",
      ],
      "safe",
    );
  });

  it("swarm services, nodes and secrets; cluster volumes and certificates; tunnels, complete-mode deployments, Cloud Foundry", () => {
    expectAll(
      [
        "docker service scale api=0",
        "docker --context prod service scale api=0 worker=0",
        "docker service rm api",
        "docker node rm --force worker-1",
        "docker secret rm db_password",
        'kubectl patch pv pgdata -p \'{"spec":{"persistentVolumeReclaimPolicy":"Delete"}}\'',
        "kubectl certificate approve node-csr-x",
        "cloudflared tunnel delete prod",
        "flarectl dns delete --zone example.com --id 123",
        "az deployment group create -g rg --template-file main.bicep --mode Complete",
        "cf delete-space prod -f",
        "cf delete my-app -f -r",
        "mongo admin --eval 'db.shutdownServer()'",
      ],
      "dangerous",
    );
    expectAll(
      [
        "docker service scale api=3",
        "docker service ls",
        "docker node ls",
        "docker secret ls",
        'kubectl patch pv pgdata -p \'{"spec":{"persistentVolumeReclaimPolicy":"Retain"}}\'',
        "kubectl certificate deny node-csr-x",
        "cloudflared tunnel list",
        "flarectl dns list --zone example.com",
        "az deployment group create -g rg --template-file main.bicep",
        "cf apps",
        "cf push my-app",
        "mongo admin --eval 'db.serverStatus()'",
      ],
      "safe",
    );
  });

  it("database servers stopped, replication logs reset, every session killed", () => {
    expectAll(
      [
        "mysql -e 'RESET MASTER'",
        "mysql -e 'PURGE BINARY LOGS BEFORE NOW()'",
        'psql -c "SELECT pg_terminate_backend(pid) FROM pg_stat_activity"',
        "pg_ctl stop -D /var/lib/postgresql/data -m immediate",
        "pg_ctlcluster 15 main stop",
        "mysqladmin -u root shutdown",
      ],
      "dangerous",
    );
    expectAll(
      [
        "mysql -e 'SHOW MASTER STATUS'",
        "psql -c \"SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE state = 'idle' AND usename = 'report'\"",
        "pg_ctl status -D /var/lib/postgresql/data",
        "mysqladmin -u root status",
      ],
      "safe",
    );
  });
});
