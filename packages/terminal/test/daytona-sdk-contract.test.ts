import type { Daytona } from "@daytonaio/sdk";
import { describe, expectTypeOf, test } from "vitest";
import type { DaytonaSdkClient, DaytonaSdkModule } from "../src/index.js";

describe("daytona SDK contract", () => {
  test("the real SDK's Daytona client has every member the backend calls, with compatible types", () => {
    expectTypeOf<Daytona>().toExtend<DaytonaSdkClient>();
    expectTypeOf<{ Daytona: typeof Daytona }>().toExtend<DaytonaSdkModule>();
  });
});
