/** A JSON Schema object for tool parameters. */
export interface ParameterSchema {
  readonly type: "object";
  readonly properties: Readonly<Record<string, unknown>>;
  readonly required: readonly string[];
  readonly [keyword: string]: unknown;
}

/** read_file's description and parameters (Hermes' names and defaults). */
export const READ_FILE_SCHEMA: {
  readonly description: string;
  readonly parameters: ParameterSchema;
} = {
  description:
    "Read a text file, returned as 'LINE_NUM|CONTENT' lines with paging. Prefer this to cat, head or tail in the terminal. " +
    "A missing file gets suggestions of similarly named files. Answers over about 100K characters are refused: page with offset and limit. " +
    "Jupyter notebooks (.ipynb) are shown as their cells. Images and other binary files cannot be read here; use vision_analyze for images.",
  parameters: {
    type: "object",
    properties: {
      path: {
        type: "string",
        description: "File to read: absolute, relative to the working directory, or ~/...",
      },
      offset: {
        type: "integer",
        description: "First line to show, counting from 1 (default 1).",
        default: 1,
      },
      limit: {
        type: "integer",
        description: "How many lines to show (default 2000, at most 2000).",
        default: 2000,
      },
    },
    required: ["path"],
  },
};

/** write_file's description and parameters. */
export const WRITE_FILE_SCHEMA: {
  readonly description: string;
  readonly parameters: ParameterSchema;
} = {
  description:
    "Create or overwrite a file with the given content (the whole file). Prefer this to echo or heredocs in the terminal; use patch for targeted edits. " +
    "Parent directories are created. CRLF line endings and a BOM of an existing file are kept. " +
    "After writing .py, .json, .yaml or .toml files a syntax check reports errors this write introduced.",
  parameters: {
    type: "object",
    properties: {
      path: {
        type: "string",
        description: "File to write (created when missing, replaced when present).",
      },
      content: { description: "The complete new content of the file (a string)." },
      cross_profile: {
        type: "boolean",
        description:
          "Allow writing into another Hermes profile's skills, plugins, cron or memories (default false; only when the user asked for it).",
        default: false,
      },
    },
    // Both are needed; they are checked by the tool so a missing one gets Hermes' message.
    required: [],
  },
};

/** patch's description and parameters. */
export const PATCH_SCHEMA: { readonly description: string; readonly parameters: ParameterSchema } =
  {
    description:
      "Edit files in place; prefer this to sed or awk in the terminal. Returns a unified diff.\n\n" +
      "mode='replace' (default): replace old_string with new_string in path. old_string must be unique unless replace_all=true; " +
      "small whitespace, indentation and typography differences are tolerated (11 matching strategies, reported when not exact), " +
      "but an ambiguous or doubtful match is refused rather than applied. REQUIRED: mode, path, old_string, new_string.\n" +
      "mode='patch': apply a V4A multi-file patch (Update/Add/Delete/Move File). REQUIRED: mode, patch.",
    parameters: {
      type: "object",
      properties: {
        mode: {
          type: "string",
          description:
            "'replace' (default: path, old_string, new_string) or 'patch' (V4A patch text).",
          default: "replace",
        },
        path: { type: "string", description: "replace mode: the file to edit." },
        old_string: {
          type: "string",
          description:
            "replace mode: the text to find, with enough surrounding lines to be unique.",
        },
        new_string: {
          type: "string",
          description: "replace mode: the replacement ('' deletes old_string).",
        },
        replace_all: {
          type: "boolean",
          description:
            "replace mode: replace every occurrence instead of requiring one (default false).",
          default: false,
        },
        patch: {
          type: "string",
          description:
            "patch mode: V4A text:\n*** Begin Patch\n*** Update File: path/to/file\n@@ line near the change @@\n context line\n-removed line\n+added line\n*** End Patch",
        },
        cross_profile: {
          type: "boolean",
          description:
            "Allow writing into another Hermes profile's skills, plugins, cron or memories (default false; only when the user asked for it).",
          default: false,
        },
      },
      required: [],
    },
  };

/** search_files's description and parameters. */
export const SEARCH_FILES_SCHEMA: {
  readonly description: string;
  readonly parameters: ParameterSchema;
} = {
  description:
    "Search inside files with a regex (target='content') or find files by name with a glob such as '*.py' (target='files'; order='modified' lists newest first). " +
    "Prefer this to grep, rg, find or ls in the terminal. .gitignore'd and hidden files are skipped. " +
    "Content results: matching lines with numbers (output_mode='content'), file paths ('files_only') or counts per file ('count').",
  parameters: {
    type: "object",
    properties: {
      pattern: {
        type: "string",
        description: "Regex for content search, or a glob for file search.",
      },
      target: {
        type: "string",
        description: "'content' (default) searches inside files, 'files' matches file names.",
        default: "content",
      },
      path: {
        type: "string",
        description: "Directory or file to search (default: the working directory).",
        default: ".",
      },
      file_glob: {
        type: "string",
        description: "Content search only: search only files matching this glob, e.g. '*.ts'.",
      },
      limit: { type: "integer", description: "Most results to return (default 50).", default: 50 },
      offset: {
        type: "integer",
        description: "Results to skip, for paging (default 0).",
        default: 0,
      },
      output_mode: {
        type: "string",
        description: "Content search: matching lines, file paths only, or match counts per file.",
        default: "content",
      },
      context: {
        type: "integer",
        description: "Content search: lines of context around each match (default 0).",
        default: 0,
      },
      order: {
        type: "string",
        enum: ["discovery", "modified"],
        description:
          "File search: 'discovery' (default, path order, fastest) or 'modified' (newest first; reads every match's modification time). Ignored for content.",
        default: "discovery",
      },
    },
    required: ["pattern"],
  },
};
