// Schema migration tools and framework task runners whose subcommands roll a database back,
// drop it or wipe it (`alembic downgrade base`, `flyway clean`, `knex migrate:rollback`,
// `mix ecto.drop`, `rails db:rollback`, `php artisan migrate:refresh`, `manage.py migrate app
// zero`). Each tool's destructive subcommands are a set looked up over its operand words
// (global options such as `-c prod.ini`, `-url=jdbc:...` or a DSN may stand before or after the
// subcommand). Options that only print the SQL (`--sql`, `--dry-run`) make the run a preview.
import { isSimple, type ResolvedCommand } from "@hermes-agent/shell";
import { matchOf, type CommandRule } from "../rule-context.js";
import type { DangerousCommandMatch, RuleInfo } from "../types.js";
import { OPS_CLI_RULES } from "./ops-cli-catalog.js";
import { SQL_RULES, sqlMatch } from "./sql-rules.js";
import { stdinText } from "./tool-exec-rules.js";

type Match = DangerousCommandMatch | null;

/** One migration tool: the subcommand words that roll back or wipe, and its preview flags. */
interface MigrationTool {
  /** Subcommands that revert migrations (their tables and columns are dropped). */
  readonly rollback?: ReadonlySet<string>;
  /** Subcommands that drop or wipe the whole database. */
  readonly wipe?: ReadonlySet<string>;
  /** Words that must come first for the tool to be meant (`flask db`, `python manage.py`). */
  readonly prefix?: readonly string[];
  /** Options (with their dashes, before any `=`) that make the run print instead of apply. */
  readonly preview?: ReadonlySet<string>;
}

const set = (...words: readonly string[]): ReadonlySet<string> => new Set(words);
const PRINT_ONLY = set("--sql", "--dry-run", "--dryrun", "--dry_run", "--pretend", "--plan");

const ALEMBIC: MigrationTool = { rollback: set("downgrade"), preview: PRINT_ONLY };
const KNEX: MigrationTool = {
  rollback: set("migrate:rollback", "migrate:down", "migrate:unlock"),
  preview: PRINT_ONLY,
};
const SEQUELIZE: MigrationTool = {
  rollback: set("db:migrate:undo", "db:migrate:undo:all", "db:seed:undo", "db:seed:undo:all"),
  wipe: set("db:drop"),
};
const FLYWAY: MigrationTool = { rollback: set("undo"), wipe: set("clean") };
const LIQUIBASE: MigrationTool = {
  rollback: set(
    "rollback",
    "rollbackCount",
    "rollback-count",
    "rollbackToDate",
    "rollback-to-date",
    "rollbackOneChangeSet",
    "rollback-one-changeset",
    "rollbackOneUpdate",
    "rollback-one-update",
  ),
  wipe: set("dropAll", "drop-all"),
};
const GOOSE: MigrationTool = {
  rollback: set("down", "down-to", "redo"),
  wipe: set("reset"),
};
const GOLANG_MIGRATE: MigrationTool = { rollback: set("down"), wipe: set("drop") };
const DBMATE: MigrationTool = { rollback: set("rollback", "down"), wipe: set("drop") };
const TYPEORM: MigrationTool = {
  rollback: set("migration:revert"),
  wipe: set("schema:drop"),
};
const DRIZZLE: MigrationTool = { wipe: set("drop") };
const MIKRO_ORM: MigrationTool = {
  rollback: set("migration:down", "migration:fresh"),
  wipe: set("schema:drop", "schema:fresh", "database:drop"),
};
const DIESEL: MigrationTool = {
  rollback: set("revert", "redo"),
  wipe: set("reset", "drop"),
  prefix: [],
};
const SQLX: MigrationTool = { rollback: set("revert"), wipe: set("drop", "reset") };
const ATLAS: MigrationTool = { rollback: set("down"), wipe: set("clean") };
const MIX: MigrationTool = {
  rollback: set("ecto.rollback"),
  wipe: set("ecto.drop", "ecto.reset"),
};
const RAILS: MigrationTool = {
  rollback: set(
    "db:rollback",
    "db:migrate:down",
    "db:migrate:redo",
    "db:migrate:reset",
    "db:truncate_all",
    "db:seed:replant",
    "db:structure:load",
  ),
};
const ARTISAN: MigrationTool = {
  rollback: set("migrate:rollback", "migrate:refresh"),
  wipe: set("migrate:fresh", "migrate:reset", "db:wipe"),
  prefix: ["artisan"],
  preview: PRINT_ONLY,
};
const FLASK: MigrationTool = { rollback: set("downgrade"), prefix: ["db"], preview: PRINT_ONLY };
// Maven and Gradle plugin goals of the same tools.
const BUILD_GOALS: MigrationTool = {
  wipe: set(
    "flyway:clean",
    "flyway:undo",
    "liquibase:dropAll",
    "liquibase:rollback",
    "flywayClean",
    "flywayUndo",
    "liquibaseDropAll",
    "liquibaseRollback",
    "liquibaseRollbackCount",
    "liquibaseRollbackToDate",
  ),
};

// `dotnet ef database drop`; `dotnet ef database update 0` is handled with Django's zero.
const DOTNET_EF: MigrationTool = { wipe: set("drop"), prefix: ["ef", "database"] };

const SQITCH: MigrationTool = { rollback: set("revert", "rebase", "checkout") };
// SeaORM's `migrate fresh` drops every table first; `down`/`refresh` revert.
const SEA_ORM: MigrationTool = {
  rollback: set("down", "refresh"),
  wipe: set("fresh", "reset"),
  prefix: ["migrate"],
};

const TOOLS: ReadonlyMap<string, MigrationTool> = new Map([
  ["sqitch", SQITCH],
  ["sea-orm-cli", SEA_ORM],
  ["dotnet", DOTNET_EF],
  ["alembic", ALEMBIC],
  ["knex", KNEX],
  ["sequelize", SEQUELIZE],
  ["sequelize-cli", SEQUELIZE],
  ["flyway", FLYWAY],
  ["liquibase", LIQUIBASE],
  ["goose", GOOSE],
  ["migrate", GOLANG_MIGRATE],
  ["dbmate", DBMATE],
  ["typeorm", TYPEORM],
  ["typeorm-ts-node-commonjs", TYPEORM],
  ["typeorm-ts-node-esm", TYPEORM],
  ["drizzle-kit", DRIZZLE],
  ["mikro-orm", MIKRO_ORM],
  ["diesel", DIESEL],
  ["sqlx", SQLX],
  ["atlas", ATLAS],
  ["mix", MIX],
  ["rails", RAILS],
  ["rake", RAILS],
  ["php", ARTISAN],
  ["artisan", { ...ARTISAN, prefix: [] }],
  ["flask", FLASK],
  ["mvn", BUILD_GOALS],
  ["mvnw", BUILD_GOALS],
  ["gradle", BUILD_GOALS],
  ["gradlew", BUILD_GOALS],
  ["dotnet", { prefix: ["ef", "database"], wipe: set("drop"), preview: PRINT_ONLY }],
  ["dotnet-ef", { prefix: ["database"], wipe: set("drop"), preview: PRINT_ONLY }],
]);

/** True when `word` names the artisan script or a `manage.py` (`./artisan`, `app/manage.py`). */
function isScript(word: string, script: string): boolean {
  return word === script || word.endsWith(`/${script}`);
}

function judge(tool: MigrationTool, words: readonly string[]): RuleInfo | null {
  const operands: string[] = [];
  for (const word of words) {
    if (!word.startsWith("-")) operands.push(word);
    else if (tool.preview?.has(word.split("=")[0] ?? "")) return null;
  }
  // The tool's own words (`db` of `flask db`, the artisan script) may follow option values.
  const prefix = tool.prefix ?? [];
  const matches = (word: string, want: string): boolean =>
    want === "artisan" ? isScript(word, want) : word === want;
  const start = prefix.length === 0 ? 0 : operands.findIndex((op) => matches(op, prefix[0] ?? ""));
  if (start < 0) return null;
  for (let i = 1; i < prefix.length; i++)
    if (!matches(operands[start + i] ?? "", prefix[i] ?? "")) return null;
  for (const operand of operands.slice(start + prefix.length)) {
    if (tool.wipe?.has(operand)) return SQL_RULES.datastore;
    if (tool.rollback?.has(operand)) return OPS_CLI_RULES.schemaRollback;
  }
  return null;
}

/**
 * Where Django's own command line starts in `texts` (`manage.py`/`django-admin` itself, `python
 * manage.py`, `python -m django`), or -1 when the command is not Django's.
 */
function djangoCommandAt(name: string, texts: readonly string[]): number {
  if (name === "manage.py" || name === "django-admin") return 0;
  if (isScript(texts[0] ?? "", "manage.py")) return 1;
  return texts[0] === "-m" && texts[1] === "django" ? 2 : -1;
}

/** `manage.py migrate APP zero` unapplies every migration of the app (its tables dropped). */
function djangoMigrateZero(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  const at = djangoCommandAt(cmd.name, texts);
  if (at < 0) return null;
  const operands = texts.slice(at).filter((text) => !text.startsWith("-"));
  if (operands[0] === "migrate" && operands[2] === "zero" && !texts.includes("--plan"))
    return matchOf(OPS_CLI_RULES.schemaRollback);
  return null;
}

// Package-script and module runners: `python -m alembic ...`, `npm run typeorm -- ...`,
// `pnpm exec knex ...`, `npx --yes sequelize-cli ...`: the tool and the words it is given.
function runnerTool(cmd: ResolvedCommand): { tool: string; words: readonly string[] } | null {
  const texts = cmd.args.map((word) => word.text);
  if (/^python[\d.]*$/.test(cmd.name) && texts[0] === "-m" && texts[1] !== undefined)
    return { tool: texts[1], words: texts.slice(2) };
  if (/^(?:npm|pnpm|yarn|bun)$/.test(cmd.name)) {
    const at = /^(?:run|run-script|exec|x|dlx)$/.test(texts[0] ?? "") ? 1 : 0;
    const tool = texts.slice(at).find((text) => !text.startsWith("-"));
    if (tool === undefined || (at === 0 && cmd.name === "npm")) return null;
    const rest = texts.slice(texts.indexOf(tool, at) + 1).filter((text) => text !== "--");
    return { tool, words: rest };
  }
  return null;
}

// Django's commands that empty or reset the database, and SQL fed to its database shell.
function djangoWipe(cmd: ResolvedCommand): Match {
  const texts = cmd.args.map((word) => word.text);
  const at = djangoCommandAt(cmd.name, texts);
  if (at < 0) return null;
  const verb = texts.slice(at).find((text) => !text.startsWith("-"));
  if (verb === "flush" || verb === "reset_db") return matchOf(SQL_RULES.datastore);
  if (verb === "dbshell") {
    const input = stdinText(cmd.source);
    const sql = input === null ? null : sqlMatch(input);
    if (sql) return sql;
    // `manage.py sqlflush | manage.py dbshell`: the flush statements run.
    const upstream = cmd.source.upstream[cmd.source.upstream.length - 1];
    if (
      upstream !== undefined &&
      isSimple(upstream) &&
      upstream.words.some((word) => word.text === "sqlflush")
    )
      return matchOf(SQL_RULES.datastore);
  }
  return null;
}

/** Migration tools and framework runners that roll back, drop or wipe a database. */
export const migrationRules: CommandRule = (cmd) => {
  const tool = TOOLS.get(cmd.name);
  if (tool !== undefined) {
    const found = judge(
      tool,
      cmd.args.map((word) => word.text),
    );
    if (found !== null) return matchOf(found);
  }
  const runner = runnerTool(cmd);
  const viaRunner = runner === null ? undefined : TOOLS.get(runner.tool);
  if (runner !== null && viaRunner !== undefined) {
    const found = judge(viaRunner, runner.words);
    if (found !== null) return matchOf(found);
  }
  // `drizzle-kit push --force`: data-losing statements applied without the prompt.
  if (
    cmd.name === "drizzle-kit" &&
    cmd.args[0]?.text === "push" &&
    cmd.args.some((word) => word.text === "--force")
  )
    return matchOf(SQL_RULES.datastore);
  // `rake db:migrate VERSION=0`: every migration reverted.
  if (
    (cmd.name === "rake" || cmd.name === "rails") &&
    cmd.args.some((word) => /^db:migrate(?::down)?$/.test(word.text)) &&
    cmd.args.some((word) => /^VERSION=0+$/.test(word.text))
  )
    return matchOf(OPS_CLI_RULES.schemaRollback);
  if (/^python[\d.]*$|^manage\.py$|^django-admin$/.test(cmd.name))
    return djangoMigrateZero(cmd) ?? djangoWipe(cmd);
  if (cmd.name === "dotnet") {
    const ops = cmd.args.map((word) => word.text).filter((text) => !text.startsWith("-"));
    if (ops[0] === "ef" && ops[1] === "database" && ops[2] === "update" && ops[3] === "0")
      return matchOf(OPS_CLI_RULES.schemaRollback);
  }
  return null;
};
