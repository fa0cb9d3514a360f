import type { ModalClient } from "modal";
import { describe, expectTypeOf, test } from "vitest";
import type { ModalSdkClient, ModalSdkModule } from "../src/index.js";

describe("modal SDK contract", () => {
  test("the real SDK's ModalClient has every member the backend calls, with compatible types", () => {
    expectTypeOf<ModalClient>().toExtend<ModalSdkClient>();
    expectTypeOf<{ ModalClient: typeof ModalClient }>().toExtend<ModalSdkModule>();
  });
});
