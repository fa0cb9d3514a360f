import { expect, test } from "vitest";
import { parseConfigText } from "../src/index.js";

test("web and skills sections get Hermes' defaults", () => {
  const { config } = parseConfigText("{}\n");
  expect(config.web.allow_private_urls).toBe(false);
  expect(config.web.backend).toBeUndefined();
  expect(config.skills).toEqual({ external_dirs: [], disabled: [], platform_disabled: {} });
});

test("web and skills keys are read as written, scalars accepted where lists are expected", () => {
  const { config } = parseConfigText(
    [
      "web:",
      "  backend: ' Tavily '",
      "  allow_private_urls: 'true'",
      "  extract_char_limit: '20000'",
      "skills:",
      "  external_dirs: ~/team-skills",
      "  disabled: [old-skill]",
      "  platform_disabled:",
      "    telegram: long-skill",
      "",
    ].join("\n"),
  );
  expect(config.web).toMatchObject({
    backend: "tavily",
    allow_private_urls: true,
    extract_char_limit: 20000,
  });
  expect(config.skills.external_dirs).toEqual(["~/team-skills"]);
  expect(config.skills.disabled).toEqual(["old-skill"]);
  expect(config.skills.platform_disabled).toEqual({ telegram: ["long-skill"] });
});
