import { expect, test } from "vitest";
import { SkillEnvPassthrough } from "../src/index.js";

test("names are kept per skill; a removed skill takes away only what no other skill needs", () => {
  const passthrough = new SkillEnvPassthrough();
  const changes: string[][] = [];
  const added: string[][] = [];
  passthrough.onChange((names) => changes.push([...names]));
  passthrough.onAdd((names) => added.push([...names]));

  passthrough.add(["DEPLOY_TOKEN", "REGION"], "deploy");
  passthrough.add(["DEPLOY_TOKEN"], "release");
  expect(passthrough.names()).toEqual(["DEPLOY_TOKEN", "REGION"]);

  passthrough.remove("deploy");
  expect(passthrough.names()).toEqual(["DEPLOY_TOKEN"]);
  expect(passthrough.has("REGION")).toBe(false);
  passthrough.remove("release");
  expect(passthrough.names()).toEqual([]);
  passthrough.remove("release");

  expect(added).toEqual([["DEPLOY_TOKEN", "REGION"]]);
  expect(changes).toEqual([["DEPLOY_TOKEN", "REGION"], ["DEPLOY_TOKEN"], []]);
});

test("a skill's set is replaced when it is viewed again; names without a skill stay", () => {
  const passthrough = new SkillEnvPassthrough();
  passthrough.add(["ALWAYS"]);
  passthrough.add(["A", "B"], "s");
  passthrough.add(["B"], "s");
  expect(passthrough.names()).toEqual(["ALWAYS", "B"]);
  passthrough.add(["LATER"]);
  expect(passthrough.names()).toEqual(["ALWAYS", "B", "LATER"]);
  passthrough.remove("s");
  expect(passthrough.names()).toEqual(["ALWAYS", "LATER"]);
});
