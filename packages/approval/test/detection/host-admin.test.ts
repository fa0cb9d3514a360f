import { beforeAll, describe, it } from "vitest";
import { initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Every command is only parsed, never run.
describe("host administration", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("mounts over system directories and boot configuration", () => {
    expectAll(
      [
        "sudo mount --bind /tmp/fake /etc",
        "mount -B /tmp/x /usr/bin",
        "mount --rbind /tmp/root /",
        "mount -t tmpfs tmpfs /etc",
        "mount -o remount,ro /",
        "mount -o bind /tmp/passwd /etc/passwd",
        "mount --target /boot /dev/sdb1",
        "sudo efibootmgr -b 0000 -B",
        "efibootmgr --delete-bootnum -b 1",
        "efibootmgr -o 0003,0001",
        "grub-install /dev/sda",
        "update-grub",
        "grub-mkconfig -o /boot/grub/grub.cfg",
        "bootctl remove",
      ],
      "flagged",
    );
    expectAll(
      [
        "mount",
        "mount /dev/sdb1 /mnt/usb",
        "mount -t tmpfs tmpfs ./tmp",
        "sudo mount --bind ./build /mnt/build",
        "efibootmgr -v",
        "grub-mkconfig",
        "bootctl status",
      ],
      "safe",
    );
  });

  it("volumes shrunk, rolled back, stopped or formatted", () => {
    expectAll(
      [
        "lvreduce -L 1G /dev/vg0/data",
        "lvresize -L -5G /dev/vg0/data",
        "zfs rollback -r tank/data@old",
        "dmsetup remove_all",
        "btrfs subvolume delete /mnt/data",
        "btrfs device remove /dev/sdb /mnt",
        "btrfs check --repair /dev/sdb",
        "mdadm --stop /dev/md0",
        "losetup -D",
        "nvme format /dev/nvme0n1",
        "nvme sanitize /dev/nvme0 -a 2",
      ],
      "flagged",
    );
    expectAll(
      [
        "lvresize -L +5G /dev/vg0/data",
        "zfs list",
        "btrfs subvolume list /mnt",
        "btrfs check /dev/sdb",
        "mdadm --detail /dev/md0",
        "losetup -a",
        "nvme list",
      ],
      "safe",
    );
  });

  it("firewall rules read over iptables' option table, and interfaces flushed", () => {
    expectAll(
      [
        "iptables --flus",
        "iptables --fl",
        "sudo iptables -t nat -F",
        "iptables -X",
        "iptables -P INPUT ACCEPT",
        "iptables --pol FORWARD ACCEPT",
        "iptables -A INPUT -j DROP",
        "iptables -I OUTPUT 1 -j REJECT",
        "ip6tables --flush",
        "nft flush ruleset",
        "nft delete table inet filter",
        "ufw disable",
        "ufw --force reset",
        "ufw default allow incoming",
        "ip addr flush dev ens5",
        "ip a f dev eth0",
        "ip link delete eth0",
      ],
      "flagged",
    );
    expectAll(
      [
        "iptables -L -n",
        "iptables --list --line-numbers",
        "iptables -A INPUT -p tcp --dport 8080 -j ACCEPT",
        "iptables -A INPUT -s 203.0.113.7 -j DROP",
        "nft list ruleset",
        "ufw allow 8080",
        "ufw status verbose",
        "ip addr show",
        "ip link set eth0 up",
      ],
      "safe",
    );
  });

  it("privileged groups, the agent's parent and output options onto system files", () => {
    expectAll(
      [
        "gpasswd -a bob sudo",
        "gpasswd --add eve docker",
        "gpasswd -M alice,bob wheel",
        "kill -9 $PPID",
        "kill -TERM $PPID",
        "sort -o /etc/passwd /dev/null",
        "sort -u -o ~/.ssh/authorized_keys keys.txt",
        "shuf -o /etc/hosts hosts.new",
        "uniq hosts.txt /etc/hosts",
        "gpg -d -o ~/.bashrc payload.gpg",
        "openssl enc -d -in x.enc -out /etc/cron.d/job",
      ],
      "flagged",
    );
    expectAll(
      [
        "gpasswd -a bob developers",
        "kill -9 $PID",
        "sort -o sorted.txt input.txt",
        "uniq input.txt output.txt",
        "gpg -o notes.txt -d notes.gpg",
        "openssl enc -d -in x.enc -out ./x.txt",
      ],
      "safe",
    );
  });
});
