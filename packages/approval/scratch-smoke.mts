import { detectDangerousCommand, initializeDetector } from "/work/main/packages/approval/src/detection/index.js";
await initializeDetector();
const cmds = process.argv.slice(2);
for (const c of cmds) console.log(JSON.stringify(c), "=>", JSON.stringify(detectDangerousCommand(c)));
