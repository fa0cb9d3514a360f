import type { Logger, LogLevel } from "@hermes-agent/core";

/** A logger that keeps every line, for assertions. */
export interface RecordingLogger extends Logger {
  readonly lines: { level: LogLevel; message: string }[];
  messages(level: LogLevel): string[];
}

export function recordingLogger(): RecordingLogger {
  const lines: { level: LogLevel; message: string }[] = [];
  const at = (level: LogLevel) => (message: string) => {
    lines.push({ level, message });
  };
  return {
    lines,
    messages: (level) => lines.filter((line) => line.level === level).map((line) => line.message),
    debug: at("debug"),
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
  };
}
