/**
 * The part of Modal's JavaScript SDK (the npm package `modal` at 0.11.x) the modal backend
 * calls. A type-level test checks that the SDK's `ModalClient` satisfies it, so the backend
 * cannot drift from the real client; tests drive the backend through a stand-in module of
 * this shape backed by local processes.
 */

/** An App handle (`client.apps.fromName`). */
export interface ModalSdkApp {
  readonly appId: string;
}

/** An Image handle (`client.images.fromRegistry` / `fromId`, or a filesystem snapshot). */
export interface ModalSdkImage {
  readonly imageId: string;
}

/** A running exec (`sandbox.exec`) in binary stream mode. */
export interface ModalSdkProcess {
  readonly stdin: WritableStream<Uint8Array>;
  readonly stdout: ReadableStream<Uint8Array>;
  readonly stderr: ReadableStream<Uint8Array>;
  wait(): Promise<number>;
}

/** A Sandbox handle. */
export interface ModalSdkSandbox {
  readonly sandboxId: string;
  exec(
    command: string[],
    params: { mode: "binary"; stdout?: "pipe"; stderr?: "pipe" },
  ): Promise<ModalSdkProcess>;
  terminate(): Promise<void>;
  snapshotFilesystem(params?: { timeoutMs?: number }): Promise<ModalSdkImage>;
}

/** The client (`new ModalClient()`), reading MODAL_TOKEN_ID/SECRET or ~/.modal.toml itself. */
export interface ModalSdkClient {
  readonly apps: {
    fromName(name: string, params?: { createIfMissing?: boolean }): Promise<ModalSdkApp>;
  };
  readonly images: {
    fromRegistry(tag: string): ModalSdkImage;
    fromId(imageId: string): Promise<ModalSdkImage>;
  };
  readonly sandboxes: {
    create(
      app: ModalSdkApp,
      image: ModalSdkImage,
      params?: { cpu?: number; memoryMiB?: number; timeoutMs?: number; command?: string[] },
    ): Promise<ModalSdkSandbox>;
    fromId(sandboxId: string): Promise<ModalSdkSandbox>;
  };
}

/** Explicit client settings; what is not given the SDK reads from its environment or ~/.modal.toml. */
export interface ModalSdkClientParams {
  tokenId?: string;
  tokenSecret?: string;
  environment?: string;
}

/** A module of the SDK's shape: exports the `ModalClient` class. */
export interface ModalSdkModule {
  readonly ModalClient: new (params?: ModalSdkClientParams) => ModalSdkClient;
}

/**
 * The program the transport runs for each command: loads the SDK module given as its
 * first argument, finds the sandbox given as its second, runs the rest as an exec, and
 * relays stdin, stdout, stderr and the exit code. Run with `node --input-type=module -e`.
 */
export const MODAL_EXEC_BRIDGE: string = `
const [moduleUrl, sandboxId, ...command] = process.argv.slice(1);
try {
  const sdk = await import(moduleUrl);
  const client = new sdk.ModalClient();
  const sandbox = await client.sandboxes.fromId(sandboxId);
  const proc = await sandbox.exec(command, { mode: "binary", stdout: "pipe", stderr: "pipe" });
  const writer = proc.stdin.getWriter();
  process.stdin.on("data", (chunk) => { void writer.write(new Uint8Array(chunk)).catch(() => {}); });
  process.stdin.on("end", () => { void writer.close().catch(() => {}); });
  const relay = async (stream, out) => { for await (const chunk of stream) out.write(chunk); };
  const [code] = await Promise.all([proc.wait(), relay(proc.stdout, process.stdout), relay(proc.stderr, process.stderr)]);
  process.stdin.destroy();
  process.exitCode = code;
} catch (error) {
  process.stderr.write("modal: " + (error instanceof Error ? error.message : String(error)) + "\\n");
  process.exitCode = 255;
}
`;
