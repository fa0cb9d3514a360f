import { beforeAll, describe, it } from "vitest";
import { initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Every command is only parsed; nodes, apps, devices and files are example names.
describe("fleet front ends, delivery and secret tools, SQL guards and host security", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("fleet and configuration-management front ends", () => {
    expectAll(
      [
        "rancher clusters rm prod",
        "rancher kubectl delete ns prod",
        "karmadactl unjoin member1",
        "knife node delete web-1 -y",
        "knife data bag show secrets db --secret-file ~/.chef/key",
        "puppet cert clean web-1",
        "puppet node deactivate web-1",
        "puppetserver ca clean --certname web-1",
        "salt-key -D -y",
        "salt-key -A -y",
        "salt-key -d web-1 -y",
        "ansible-playbook -i prod teardown.yml",
        "ansible-playbook -i prod destroy-cluster.yml",
        "ansible-playbook site.yml -e 'state=absent'",
        "ansible-vault view group_vars/prod/vault.yml",
        "ansible-vault decrypt secrets.yml",
        "dbt run --full-refresh --target prod",
        "dbt run-operation drop_schema --target prod",
        "helm upgrade api ./chart --set securityContext.privileged=true",
        "helm install x oci://registry.example.com/charts/x --set hostNetwork=true",
        "kubectl annotate ns prod linkerd.io/inject=disabled",
        "kubectl label ns prod istio-injection=disabled --overwrite",
      ],
      "dangerous",
    );
    expectAll(
      [
        "rancher clusters ls",
        "knife node list",
        "knife data bag show apps web",
        "puppet agent -t --noop",
        "salt-key -L",
        "ansible-playbook -i prod site.yml",
        "ansible-playbook -i prod teardown.yml --check",
        "ansible-vault encrypt secrets.yml",
        "dbt run --target dev --full-refresh",
        "dbt run --target prod",
        "dbt run-operation grant_select --target prod",
        "helm upgrade api ./chart --set image.tag=1.2.3 --set replicaCount=3",
        "helm install x ./chart --set securityContext.privileged=false",
        "kubectl label ns prod istio-injection=enabled --overwrite",
      ],
      "safe",
    );
  });

  it("delivery, platform and secret tools", () => {
    expectAll(
      [
        "gh workflow disable deploy.yml",
        "gh run delete 123",
        "glab ci delete 123",
        "tea repos rm acme/api",
        "tea releases delete v1.0",
        "bk pipeline delete acme/deploy",
        "az devops security permission update --id x --subject eve@example.com --token t --allow-bit 31",
        "az repos policy delete --id 4 --yes",
        "flyctl secrets unset DB_URL -a prod",
        "heroku config:unset DATABASE_URL -a prod",
        "heroku maintenance:on -a prod",
        "firebase hosting:disable -f",
        "doppler run -- env",
        "infisical run --env=prod -- printenv",
        "op run --env-file=.env.tpl -- env",
        "aws-vault exec prod -- env",
        "doppler secrets delete DB_URL -y",
        "aws sts assume-role --role-arn arn:aws:iam::1:role/Admin --role-session-name x",
        "aws eks update-cluster-config --name prod --resources-vpc-config endpointPublicAccess=true,publicAccessCidrs=0.0.0.0/0",
        "gpg --decrypt secrets.gpg",
        "age -d -i key.txt secrets.env.age",
        "kafka-configs --bootstrap-server k:9092 --alter --entity-type topics --entity-name orders --add-config retention.ms=1",
        "nats consumer rm ORDERS worker -f",
        "rabbitmqctl eval 'os:cmd(\"id\").'",
      ],
      "flagged",
    );
    expectAll(
      [
        "gh workflow list",
        "gh run list",
        "glab ci list",
        "tea repos ls",
        "flyctl secrets list -a prod",
        "heroku ps -a prod",
        "doppler run -- npm start",
        "aws-vault exec prod -- terraform plan",
        "aws sts get-caller-identity",
        "gpg --decrypt backup.tar.gpg -o backup.tar",
        "gpg --verify release.tar.gz.sig",
        "kafka-configs --bootstrap-server k:9092 --alter --entity-type topics --entity-name orders --add-config retention.ms=604800000",
        "nats consumer ls ORDERS",
        "rabbitmqctl status",
      ],
      "safe",
    );
  });

  it("SQL switching safety off server-wide", () => {
    expectAll(
      [
        'psql -c "ALTER SYSTEM SET fsync = off"',
        "psql -c \"ALTER SYSTEM SET ssl TO 'off'\"",
        'psql -c "ALTER TABLE users DISABLE ROW LEVEL SECURITY"',
        'psql -c "REVOKE ALL ON DATABASE app FROM app_user"',
        'mysql -e "SET GLOBAL read_only = OFF"',
        'mysql -e "SET GLOBAL super_read_only=0"',
        'mysql -e "SET GLOBAL sql_log_bin = 0"',
        'mysql -e "SET GLOBAL local_infile = 1"',
      ],
      "dangerous",
    );
    expectAll(
      [
        "psql -c \"ALTER SYSTEM SET work_mem = '64MB'\"",
        'psql -c "ALTER TABLE users ENABLE ROW LEVEL SECURITY"',
        'mysql -e "SET GLOBAL read_only = ON"',
        "mysql -e \"SHOW VARIABLES LIKE 'read_only'\"",
      ],
      "safe",
    );
  });

  it("host storage, packages and security controls", () => {
    expectAll(
      [
        "lvconvert --merge vg0/snap",
        "btrfs filesystem resize -10g /",
        "btrfs check --repair /dev/sdb",
        "cryptsetup luksKillSlot /dev/sdb 0",
        "cryptsetup luksRemoveKey /dev/sdb",
        "sgdisk -d 2 /dev/sda",
        "sgdisk -o /dev/sdb",
        "snap install --devmode x",
        "snap install --dangerous ./x.snap",
        "flatpak remote-add --no-gpg-verify extra https://x.example/repo",
        "aa-disable /etc/apparmor.d/usr.sbin.nginx",
        "aa-complain /etc/apparmor.d/*",
        "apparmor_parser -R /etc/apparmor.d/usr.sbin.mysqld",
        "auditctl -D",
        "auditctl -e 0",
      ],
      "flagged",
    );
    expectAll(
      [
        "lvconvert --type raid1 -m1 vg0/data",
        "btrfs filesystem resize +10g /",
        "btrfs check /dev/sdb",
        "cryptsetup luksDump /dev/sdb",
        "cryptsetup status data",
        "sgdisk -p /dev/sda",
        "snap install jq",
        "flatpak install flathub org.gimp.GIMP",
        "aa-status",
        "apparmor_parser -r /etc/apparmor.d/usr.sbin.nginx",
        "auditctl -l",
        "auditctl -s",
      ],
      "safe",
    );
  });
});
