export { helloWorldTool } from "./hello-world-tool.js";
export type { HelloWorldArgs } from "./hello-world-tool.js";
export { register } from "./register.js";
export type { HelloWorldPluginContext } from "./register.js";
