import { describe, expect, test } from "vitest";
import { isBlockedAddress } from "../src/index.js";

describe("isBlockedAddress", () => {
  test.each([
    "127.0.0.1",
    "127.255.0.9",
    "10.1.2.3",
    "172.16.0.1",
    "172.31.255.254",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "224.0.0.251",
    "255.255.255.255",
    "::1",
    "::",
    "fd00::1",
    "fc12:3456::1",
    "fe80::1%eth0",
    "ff02::1",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "::ffff:169.254.169.254",
    "64:ff9b::a9fe:a9fe",
    "2002:a9fe:a9fe::1",
    "not-an-ip",
  ])("refuses %s", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  test.each(["93.184.215.14", "8.8.8.8", "172.32.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8"])(
    "allows public %s",
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );
});

test("metadata addresses are recognised in every form", async () => {
  const { isMetadataAddress } = await import("../src/fetch/address-rules.js");
  for (const address of [
    "169.254.169.254",
    "169.254.170.2",
    "100.100.100.200",
    "fd00:ec2::254",
    "::ffff:169.254.169.254",
  ]) {
    expect(isMetadataAddress(address), address).toBe(true);
  }
  for (const address of ["127.0.0.1", "10.0.0.1", "fd00::1", "8.8.8.8"]) {
    expect(isMetadataAddress(address), address).toBe(false);
  }
});
