import { redactSecrets } from "@hermes-agent/core";
import path from "node:path";
import {
  coerceInteger,
  errorJson,
  resolveInContext,
  toJson,
  withThousands,
  type FileToolContext,
} from "../file-tool-context.js";
import { blockedDeviceMessage, isBlockedDevicePath } from "../paths/device-paths.js";
import { workspaceEscapeWarning } from "../paths/path-resolution.js";
import { readRefusal } from "../paths/sensitive-paths.js";
import { describeBinary, extensionOf, hasBinaryExtension, looksBinary } from "./binary-content.js";
import { notebookText } from "./notebook-text.js";
import { numberedPage, splitLines } from "./numbered-page.js";
import { similarFiles } from "./similar-files.js";

/** Arguments of read_file, as the model sends them. */
export interface ReadFileArgs {
  readonly path?: unknown;
  readonly offset?: unknown;
  readonly limit?: unknown;
}

const LARGE_FILE_HINT_BYTES = 512_000;
const SAMPLE_BYTES = 1000;

/** The message a stub answer carries; write_file refuses it as content. */
export const READ_DEDUP_STATUS_MESSAGE: string =
  "File unchanged since last read. The content from the earlier read_file result in this " +
  "conversation is still current — refer to that instead of re-reading.";

/** Hermes' ReadResult fields, in its order (None and [] omitted, False kept). */
function readResult(fields: {
  content?: string;
  total_lines?: number;
  file_size?: number;
  truncated?: boolean;
  hint?: string;
  is_binary?: boolean;
  error?: string;
  similar_files?: string[];
}): Record<string, unknown> {
  const out: Record<string, unknown> = {
    content: fields.content ?? "",
    total_lines: fields.total_lines ?? 0,
    file_size: fields.file_size ?? 0,
    truncated: fields.truncated ?? false,
  };
  if (fields.hint !== undefined) out.hint = fields.hint;
  out.is_binary = fields.is_binary ?? false;
  out.is_image = false;
  if (fields.error !== undefined) out.error = fields.error;
  if (fields.similar_files !== undefined && fields.similar_files.length > 0) {
    out.similar_files = fields.similar_files;
  }
  return out;
}

function pageResult(
  lines: readonly string[],
  offset: number,
  limit: number,
  fileSize: number,
  maxLineLength: number,
): Record<string, unknown> {
  const total = lines.length;
  const end = offset + limit - 1;
  if (fileSize === 0) return readResult({ hint: "File is empty (0 bytes)." });
  if (offset > total && total > 0) {
    return readResult({
      total_lines: total,
      file_size: fileSize,
      hint: `Note: offset ${offset} is beyond the end of the file (${total} lines total). Retry with offset <= ${total}.`,
    });
  }
  const truncated = total > end;
  return readResult({
    content: numberedPage(lines, offset, limit, maxLineLength),
    total_lines: total,
    file_size: fileSize,
    truncated,
    ...(truncated
      ? {
          hint: `Use offset=${end + 1} to continue reading (showing ${offset}-${end} of ${total} lines)`,
        }
      : {}),
  });
}

/** read_file: a page of a text file as `LINE_NUM|CONTENT`, with Hermes' guards and messages. */
export async function readFileTool(ctx: FileToolContext, args: ReadFileArgs): Promise<string> {
  const input = typeof args.path === "string" ? args.path : "";
  const offset = Math.max(1, coerceInteger(args.offset, 1));
  const limit = Math.max(1, Math.min(coerceInteger(args.limit, 2000), ctx.settings.maxLines));
  const resolved = await resolveInContext(ctx, input);
  if (isBlockedDevicePath(resolved.absolute)) return errorJson(blockedDeviceMessage(input));
  const links = await ctx.access.resolveLinks(resolved.absolute);
  if ([...links.hops, links.real ?? ""].some(isBlockedDevicePath)) {
    return errorJson(blockedDeviceMessage(input));
  }
  const real = links.real ?? resolved.absolute;
  const isNotebook = extensionOf(real) === ".ipynb";
  if (!isNotebook && hasBinaryExtension(real)) {
    return errorJson(
      `Cannot read binary file '${input}' (${extensionOf(real)}). Use vision_analyze for images, or terminal to inspect binary files.`,
    );
  }
  const refusal = readRefusal(input, real, ctx.settings.hermesHome);
  if (refusal !== undefined) return errorJson(refusal);

  const dedupKey = `${resolved.absolute}\0${offset}\0${limit}`;
  const stat = await ctx.access.stat(resolved.absolute);
  const cachedMtime = ctx.state.dedupMtime(dedupKey);
  if (stat !== undefined && cachedMtime !== undefined && cachedMtime === stat.mtimeMs) {
    const hits = ctx.state.countDedupHit(dedupKey);
    if (hits >= 2) {
      return errorJson(
        `BLOCKED: You have called read_file on this exact region ${hits + 1} times and the file ` +
          "has NOT changed. STOP calling read_file for this path — the content from your earlier " +
          "read_file result in this conversation is still current. Proceed with your task using " +
          "the information you already have.",
        { path: input, already_read: hits + 1 },
      );
    }
    return toJson({
      status: "unchanged",
      message: READ_DEDUP_STATUS_MESSAGE,
      path: input,
      dedup: true,
      content_returned: false,
    });
  }

  if (stat === undefined) {
    const names = await ctx.access.listNames(path.posix.dirname(resolved.absolute));
    return toJson(
      readResult({ error: `File not found: ${input}`, similar_files: similarFiles(input, names) }),
    );
  }
  if (stat.kind !== "file") {
    return toJson(
      readResult({
        error: `Cannot read '${input}': not a regular file (directory, FIFO, socket, or device). Reading it could block indefinitely.`,
      }),
    );
  }
  const bytes = await ctx.access.readBytes(resolved.absolute);
  const sample = bytes.subarray(0, SAMPLE_BYTES);
  if (!isNotebook && looksBinary(sample)) {
    return toJson(
      readResult({
        is_binary: true,
        file_size: bytes.length,
        error: describeBinary(sample, bytes.length),
      }),
    );
  }
  let text = new TextDecoder("utf-8").decode(bytes);
  if (text.startsWith("\ufeff")) text = text.slice(1);
  let result: Record<string, unknown>;
  if (isNotebook) {
    const extracted = notebookText(text);
    if (extracted === undefined) {
      return errorJson(`Cannot read '${input}': not a valid Jupyter notebook (JSON with "cells").`);
    }
    result = {
      ...pageResult(splitLines(extracted), offset, limit, bytes.length, ctx.settings.maxLineLength),
      extracted_document: true,
    };
  } else {
    result = pageResult(splitLines(text), offset, limit, bytes.length, ctx.settings.maxLineLength);
  }

  const content = String(result.content);
  if (content.length > ctx.settings.maxReadChars) {
    const total = Number(result.total_lines);
    return errorJson(
      `Read produced ${withThousands(content.length)} characters which exceeds the safety limit ` +
        `(${withThousands(ctx.settings.maxReadChars)} chars). Use offset and limit to read a smaller ` +
        `range. The ${isNotebook ? "document" : "file"} has ${total} ${isNotebook ? "lines of extracted text" : "lines total"}.`,
      { path: input, total_lines: total, file_size: bytes.length },
    );
  }
  if (content !== "") result.content = redactSecrets(content);
  if (bytes.length > LARGE_FILE_HINT_BYTES && limit > 200 && result.truncated === true) {
    result._hint =
      `This file is large (${withThousands(bytes.length)} bytes). Consider reading only the ` +
      "section you need with offset and limit to keep context usage efficient.";
  }
  const count = ctx.state.countRepeat(`read\0${input}\0${offset}\0${limit}`);
  ctx.state.recordRead(dedupKey, resolved.absolute, stat.mtimeMs);
  if (count >= 4) {
    return errorJson(
      `BLOCKED: You have read this exact file region ${count} times in a row. The content has NOT ` +
        "changed. You already have this information. STOP re-reading and proceed with your task.",
      { path: input, already_read: count },
    );
  }
  if (count >= 3) {
    result._warning =
      `You have read this exact file region ${count} times consecutively. The content has not ` +
      "changed since your last read. Use the information you already have. If you are stuck in a " +
      "loop, stop reading and proceed with writing or responding.";
  } else {
    const escape = workspaceEscapeWarning(resolved);
    if (escape !== undefined) result._warning = escape;
  }
  return toJson(result);
}
