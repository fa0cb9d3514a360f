import { beforeAll, describe, expect, it } from "vitest";
import { initializeDetector } from "../../src/detection/index.js";
import { sizeInBytes } from "../../src/detection/rules/exhaustion-rules.js";
import { expectAll } from "./verdicts.js";

// Every command is only parsed, never run.
describe("resource exhaustion", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("reads sizes the way the tools do", () => {
    expect(sizeInBytes("500G")).toBe(500 * 1024 ** 3);
    expect(sizeInBytes("1T")).toBe(1024 ** 4);
    expect(sizeInBytes("100GiB")).toBe(100 * 1024 ** 3);
    expect(sizeInBytes("10GB")).toBe(10 * 1000 ** 3);
    expect(sizeInBytes("+1g")).toBe(1024 ** 3);
    expect(sizeInBytes("4096")).toBe(4096);
    expect(sizeInBytes("lots")).toBeNull();
  });

  it("files allocated or filled beyond what a task needs", () => {
    expectAll(
      [
        "fallocate -l 900G /var/tmp/big",
        "fallocate --length 1T ~/big",
        "fallocate -l500G /tmp/fill.img",
        "truncate -s 1T /tmp/sparse",
        "truncate --size=+200G data.bin",
        "dd if=/dev/zero of=/var/tmp/big bs=1G count=500",
        "dd if=/dev/zero of=/tmp/fill bs=1M count=1000000",
        "dd if=/dev/urandom of=~/junk bs=1G count=100",
        "head -c 500G /dev/zero > /tmp/big",
        "head -c 100G </dev/urandom >/var/tmp/x",
        "cat /dev/zero | head -c 50G > big.bin",
        "openssl rand -out /tmp/x 100000000000",
        "memtester 64G",
      ],
      "flagged",
    );
    expectAll(
      [
        "fallocate -l 10M ./test.img",
        "fallocate -l 1G ./disk.img",
        "truncate -s 0 app.log",
        "dd if=/dev/zero of=./disk.img bs=1M count=100",
        "head -c 1024 /dev/urandom > key.bin",
        "openssl rand -hex 32",
        "openssl rand -out key.bin 32",
      ],
      "safe",
    );
  });

  it("stress tools without a limit, endless readers and endless pipelines into files", () => {
    expectAll(
      [
        "stress --cpu 64 --timeout 0",
        "stress --vm 8 --vm-bytes 100G",
        "stress --vm 64 --vm-bytes 4G --timeout 0",
        "stress-ng --vm 8 --vm-bytes 100% --timeout 0",
        "stress-ng --cpu 0",
        "stress-ng --fork 4 --timeout 60s",
        "stress-ng --vm 2 --vm-bytes 95% -t 30s",
        "tail -f /dev/zero",
        "tail -F < /dev/urandom",
        "cat /dev/urandom | gzip > /tmp/x.gz",
        "yes | tr -d '\\n' > /tmp/one-line",
      ],
      "flagged",
    );
    expectAll(
      [
        "stress --cpu 2 --timeout 10",
        "stress-ng --cpu 2 --timeout 30s",
        "stress-ng --cpu 4 --timeout 60s --metrics-brief",
        "tail -f /var/log/syslog",
        "yes | head -n 5 > answers.txt",
        "cat /dev/urandom | head -c 32 > seed.bin",
      ],
      "safe",
    );
  });

  it("loops that start jobs forever, and endless burners in the background", () => {
    expectAll(
      [
        "while true; do bash & done",
        "while :; do sh -c : & done",
        "for ((;;)); do sleep 1 & done",
        "until false; do ./a.out & done",
        "while true; do (curl -s http://x.example &) ; done",
      ],
      "hardline",
    );
    expectAll(
      [
        "for i in $(seq 64); do yes > /dev/null & done",
        "yes > /dev/null &",
        "for i in 1 2 3 4; do cat /dev/zero > /dev/null & done",
      ],
      "flagged",
    );
    expectAll(
      [
        "while true; do curl -s localhost:8080/health & sleep 5; done",
        "for i in 1 2 3; do sleep 1 & done; wait",
        'for f in *.log; do gzip "$f" & done; wait',
        'while read -r line; do echo "$line" & done < list.txt',
        "npm run dev &",
        "python3 -m http.server 8000 &",
      ],
      "safe",
    );
  });
});
