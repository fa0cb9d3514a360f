import { beforeAll, describe, expect, it } from "vitest";
import { detectDangerousCommand, initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Every command is only parsed; machines, devices, pools and accounts are example names.
function keyOf(command: string): string | null {
  return detectDangerousCommand(command)?.patternKey ?? null;
}

describe("machine hosts, CI servers, service accounts, devices and container payloads", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("machine and container hosts: deletes, hard power-offs, privileged instances", () => {
    expectAll(
      [
        "lxc delete web-prod --force",
        "lxc rm web",
        "incus delete web",
        "lxc --project prod delete web",
        "lxc storage volume delete default data",
        "lxc network delete lxdbr1",
        "lxc config set web security.privileged true",
        "incus config set web security.nesting=true",
        "lxc config device add web host disk source=/ path=/mnt/host",
        "lxc-destroy -n web",
        "virsh undefine web --remove-all-storage",
        "virsh -c qemu:///system destroy web",
        "virsh vol-delete --pool default web.qcow2",
        "virsh snapshot-revert web clean",
        "VBoxManage unregistervm web --delete",
        "VBoxManage controlvm web poweroff",
        "qm destroy 101 --purge",
        "qm stop 101",
        "pct destroy 200",
        "xl destroy web",
      ],
      "dangerous",
    );
    expectAll(
      [
        "lxc list",
        "lxc launch ubuntu:22.04 web",
        "lxc stop web",
        "lxc config set web security.privileged=false",
        "lxc config show web",
        "virsh list --all",
        "virsh start web",
        "virsh dominfo web",
        "qm list",
        "pct status 200",
        "VBoxManage list vms",
      ],
      "safe",
    );
  });

  it("CI servers: pipelines, teams, runners and secrets removed, shells in builds", () => {
    expectAll(
      [
        "fly -t ci destroy-pipeline -p deploy-prod --non-interactive",
        "fly -t ci dp -p x -n",
        "fly -t ci destroy-team -n qa",
        "fly -t ci archive-pipeline -p old",
        "fly -t ci expose-pipeline -p deploy-prod",
        "fly -t ci hijack -j deploy/build",
        "fly -t ci prune-worker -w w1",
        "circleci context remove-secret github acme prod AWS_KEY",
        "circleci context delete github acme prod",
        "drone repo rm acme/api",
        "drone secret rm --repository acme/api --name token",
        "woodpecker-cli repo rm acme/api",
        "gitlab-runner unregister --all-runners",
        "argo delete --all -n ci",
        "argo terminate --selector app=x",
        "spin pipeline delete --application web --name deploy",
      ],
      "dangerous",
    );
    expectAll(
      [
        "fly -t ci pipelines",
        "fly -t ci builds",
        "fly -t ci set-pipeline -p x -c ci.yml",
        "fly deploy",
        "fly status",
        "circleci config validate",
        "drone build ls acme/api",
        "gitlab-runner verify",
        "argo list",
        "argo logs wf-1",
      ],
      "safe",
    );
  });

  it("service administration: root and management tokens, administrators, all-access grants", () => {
    const access = [
      "consul acl token create -policy-name global-management -description 'temp full access'",
      "consul acl token create -policy-name=global-management",
      "consul acl bootstrap",
      "nomad acl bootstrap",
      "nomad acl token create -type=management -name ops",
      "rabbitmqctl set_user_tags bob administrator",
      'rabbitmqctl set_permissions -p / bob ".*" ".*" ".*"',
      "influx auth create --all-access --org acme",
      "influx auth create --operator",
      "mc admin policy attach local consoleAdmin --user bob",
      "mc admin user add local eve s3cr3tkey",
      "etcdctl user grant-role bob root",
      "kafka-acls --bootstrap-server k:9092 --add --allow-principal User:* --operation All --topic '*'",
      "kafka-acls.sh --bootstrap-server k:9092 --add --allow-principal User:eve --operation All --cluster",
    ];
    for (const command of access) expect(keyOf(command), command).toBe("admin-access-change");
    const reads = [
      "vault print token",
      "bao print token",
      "nomad acl token self",
      "consul acl token read -self",
      "oc whoami -t",
      "oc whoami --show-token",
      "bw export --format json",
    ];
    for (const command of reads) expect(keyOf(command), command).toBe("cloud-secret-read");
    expectAll(
      [
        "vault token create -policy=root",
        "pulsar-admin topics delete persistent://t/n/x",
        "pulsar-admin tenants delete acme",
        "rabbitmqctl change_password bob x",
        "mc rb --force local/prod-backups",
        "mc anonymous set public local/site",
      ],
      "dangerous",
    );
    expectAll(
      [
        "consul members",
        "consul acl token list",
        "consul acl token create -policy-name app-read",
        "nomad job status",
        "nomad acl token create -type=client -policy=readonly",
        "rabbitmqctl list_users",
        "rabbitmqctl set_user_tags bob monitoring",
        'rabbitmqctl set_permissions -p / app "^app-.*" "^app-.*" "^app-.*"',
        "influx auth create --read-buckets --org acme",
        "mc ls local",
        "etcdctl get /config/x",
        "etcdctl user grant-role app reader",
        "kafka-acls --bootstrap-server k:9092 --list",
        "kafka-acls --bootstrap-server k:9092 --add --allow-principal User:app --operation Read --topic orders",
        "bw status",
        "oc whoami",
      ],
      "safe",
    );
  });

  it("devices initialised for LVM, RAID or ZFS, kernel modules, login shells, sessions", () => {
    expectAll(
      [
        "pvcreate -ff -y /dev/sdb",
        "pvcreate /dev/nvme1n1",
        "vgcreate vg0 /dev/sdb",
        "vgextend vg0 /dev/sdc1",
        "mdadm --create /dev/md0 --level=1 --raid-devices=2 /dev/sdb /dev/sdc",
        "mdadm -C /dev/md0 -l1 -n2 /dev/sdb /dev/sdc",
        "mdadm --stop /dev/md0",
        "zpool create -f tank /dev/sdb",
        "zpool add tank mirror /dev/sdc /dev/sdd",
        "zpool labelclear -f /dev/sdb",
        "zpool detach tank /dev/sdc",
        "btrfs device add -f /dev/sdc /mnt/data",
        "btrfs rescue zero-log /dev/sdb",
        "modprobe br_netfilter",
        "modprobe -v nvidia",
        "insmod ./module.ko",
        "chsh -s /bin/zsh",
        "chsh --shell /usr/bin/fish bob",
        "loginctl terminate-user bob",
        'loginctl kill-user "$USER"',
        "loginctl terminate-session 3",
        "loginctl enable-linger bob",
      ],
      "flagged",
    );
    expectAll(
      [
        "pvcreate --test /dev/sdb",
        "pvs",
        "vgs",
        "lvcreate -L 10G -n data vg0",
        "mdadm --detail /dev/md0",
        "zpool status",
        "zpool list",
        "zpool create -n tank /dev/sdb",
        "btrfs filesystem df /mnt/data",
        "modprobe -n -v overlay",
        "modprobe -c",
        "modprobe --show-depends nvidia",
        "lsmod",
        "chsh -l",
        "loginctl list-sessions",
        "loginctl show-user bob",
      ],
      "safe",
    );
  });

  it("container payloads: miners, fully trusted plugins, copies into login files or secrets out", () => {
    const miners = [
      "docker run -d --name xmr --restart unless-stopped xmrig/xmrig -o pool.example.com:3333 -u wallet123 --threads=64",
      "docker run -d metal3d/xmrig:latest",
      "podman run -d docker.io/someone/cpuminer-opt:1.2",
      "kubectl run m --image=xmrig/xmrig",
      "./xmrig -o pool.example.com:3333",
      "nohup cpuminer -a sha256d -o stratum+tcp://pool.example.com:3333 &",
      "t-rex -a kawpow -o stratum+ssl://pool.example.com:443 -u w",
      "./miner --algo=randomx --url pool.example.com:3333",
    ];
    for (const command of miners) expect(keyOf(command), command).toBe("crypto-miner");
    expectAll(
      [
        "docker plugin install --grant-all-permissions vieux/sshfs",
        "podman plugin install --grant-all-permissions x/y",
        "docker cp ./authorized_keys $(docker ps -qf name=bastion):/root/.ssh/authorized_keys && docker exec bastion chmod 600 /root/.ssh/authorized_keys",
        "docker cp ./authorized_keys web:/root/.ssh/",
        "docker cp sudoers web:/etc/sudoers",
        "podman container cp ./shadow web:/etc/shadow",
        "kubectl cp ./authorized_keys prod/web-0:/root/.ssh/authorized_keys",
        "lxc file push authorized_keys web/root/.ssh/authorized_keys",
        "docker cp web:/etc/shadow ./shadow",
        // `-i` takes no value: the container is `db`, the command `psql ...`.
        "docker exec -i db psql -U app -c 'DROP TABLE x'",
        "podman exec -i db mysql -e 'DROP DATABASE x'",
        "docker exec -i -u postgres db dropdb app",
        "kafka-server-stop.sh",
        "consul services deregister -id web",
      ],
      "dangerous",
    );
    expectAll(
      [
        "docker run -d nginx:1.27",
        "docker plugin ls",
        "docker plugin install vieux/sshfs",
        "docker cp ./config.yml web:/etc/app/config.yml",
        "docker cp web:/app/logs ./logs",
        "kubectl cp prod/db-0:/var/lib/data /tmp/d",
        "docker rm -f $(docker ps -aq --filter label=created-by=agent-test-4411)",
        "docker rm -f $(docker ps -aqf name=test-)",
        "docker stop $(docker ps -q --filter ancestor=myimg:dev)",
        "docker exec -i db psql -U app -c 'SELECT 1'",
        "docker exec -it web ls /app",
      ],
      "safe",
    );
    expectAll(
      [
        "docker rm -f $(docker ps -aq)",
        "docker rm -f $(docker ps -aq --filter status=exited)",
        "docker rm -f $(docker ps -aq --filter label=x) $OTHER",
        "docker rm -f $(docker ps -aq --filter label=env=prod)",
        "docker stop $(docker ps -q -f name=api-production)",
      ],
      "dangerous",
    );
  });
});
