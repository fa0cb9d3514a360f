import { beforeAll, describe, expect, it } from "vitest";
import { detectDangerousCommand, initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Every command is only parsed; databases, hosts and files are example names.
function keyOf(command: string): string | null {
  return detectDangerousCommand(command)?.patternKey ?? null;
}

describe("database migrations, scripts and task targets", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("migration tools rolling back or wiping, wherever their global options stand", () => {
    const rollbacks = [
      "alembic downgrade base",
      "alembic downgrade -1",
      "alembic -c prod.ini downgrade base",
      "alembic -x tenant=acme downgrade 3f2a",
      "flask db downgrade base",
      "flask --app api db downgrade",
      "python manage.py migrate billing zero",
      "python3 ./manage.py migrate app zero --database=prod",
      "django-admin migrate auth zero",
      "npx knex migrate:rollback",
      "npx knex migrate:down",
      "npx sequelize-cli db:migrate:undo:all",
      "sequelize db:seed:undo:all",
      "flyway undo",
      "liquibase rollbackCount 10",
      "liquibase --url=jdbc:postgresql://db/app rollback-to-date 2024-01-01",
      "goose -dir db/migrations postgres 'host=db' down-to 0",
      "goose down",
      "migrate -path db/migrations -database $DATABASE_URL down -all",
      "dbmate rollback",
      "npx typeorm migration:revert -d dist/data-source.js",
      "npx mikro-orm migration:down --to 0",
      "diesel migration revert --all",
      "sqlx migrate revert",
      "atlas migrate down --env prod",
      "mix ecto.rollback --all",
      "rails db:rollback STEP=5",
      "bin/rails db:migrate:down VERSION=20240101000000",
      "bundle exec rake db:migrate:reset",
      "rails db:truncate_all",
      "php artisan migrate:rollback --step=10",
      "php artisan migrate:refresh --seed",
    ];
    for (const command of rollbacks) expect(keyOf(command), command).toBe("db-migration-rollback");
    const wipes = [
      "flyway clean",
      "flyway -url=jdbc:postgresql://prod/app -user=admin clean",
      "mvn flyway:clean -Dflyway.cleanDisabled=false",
      "./gradlew flywayClean",
      "liquibase dropAll",
      "liquibase drop-all --url=jdbc:mysql://db/app",
      "goose postgres $DSN reset",
      "migrate -database postgres://prod/app -path ./m drop -f",
      "dbmate drop",
      "typeorm schema:drop",
      "npx drizzle-kit drop",
      "npx mikro-orm schema:drop --run",
      "diesel database reset",
      "sqlx database drop -y",
      "sqlx database reset -y",
      "atlas schema clean -u $DATABASE_URL --auto-approve",
      "mix ecto.drop",
      "mix ecto.reset",
      "php artisan migrate:fresh --force",
      "php artisan db:wipe --force",
    ];
    for (const command of wipes) expect(keyOf(command), command).toBe("datastore-wipe");
    expectAll(
      [
        "alembic upgrade head",
        "alembic downgrade base --sql > rollback.sql",
        "alembic history --verbose",
        "alembic revision --autogenerate -m 'add users'",
        "flask db upgrade",
        "python manage.py migrate",
        "python manage.py migrate billing 0004",
        "python manage.py migrate app zero --plan",
        "knex migrate:latest",
        "npx sequelize-cli db:migrate",
        "flyway migrate",
        "flyway info",
        "liquibase update",
        "goose up",
        "migrate -path db/migrations -database $DATABASE_URL up",
        "dbmate up",
        "npx typeorm migration:run",
        "diesel migration run",
        "sqlx migrate run",
        "mix ecto.migrate",
        "rails db:migrate",
        "rails db:migrate:status",
        "php artisan migrate",
        "php artisan migrate:rollback --pretend",
        "mvn flyway:migrate",
        "./gradlew flywayMigrate",
      ],
      "safe",
    );
  });

  it("database clients running script files named for destroying data", () => {
    expectAll(
      [
        "mysql -u root < drop_all_tables.sql",
        "mysql -u root -p prod < reset.sql",
        "mariadb shop < teardown.sql",
        "psql -d app -f drop_schema.sql",
        "psql -d app --file=db/wipe.sql",
        "psql -d app -fdb/truncate_all.sql",
        "psql -h prod-db -U admin -f migrations/0042_down.sql",
        "psql app < scripts/cleanup.sql",
        "cat drop.sql | psql -d prod",
        "zcat purge.sql.gz | mysql -u root prod",
        "cat sql/dropTables.sql | mysql prod",
        "sqlite3 app.db < drop.sql",
        "sqlite3 app.db '.read reset_db.sql'",
        "mongosh prod drop_collections.js",
        "mongosh prod --file wipe.js",
        "sqlcmd -S prod -i truncate_tables.sql",
        "clickhouse-client --queries-file=drop_events.sql",
        "cockroach sql --url $DB -f nuke.sql",
        "mysql prod -e 'source rollback.sql'",
      ],
      "dangerous",
    );
    expectAll(
      [
        "mysql -u root app < schema.sql",
        "mysql -u root app < seed_data.sql",
        "psql -d app -f migrations/001_create_users.sql",
        "psql -d app -f queries/report.sql",
        "psql -d app < create_tables.sql",
        "cat schema.sql | psql -d dev",
        "sqlite3 app.db < init.sql",
        "mongosh app seed.js",
        "psql -d app -f dropdown_options.sql",
      ],
      "safe",
    );
  });

  it("bq statements after the query subcommand, dry runs excepted", () => {
    expectAll(
      [
        "bq query --use_legacy_sql=false 'DELETE FROM `acme.sales.orders` WHERE TRUE'",
        "bq query --nouse_legacy_sql 'TRUNCATE TABLE prod.orders'",
        "bq --project_id=acme query 'DROP TABLE prod.orders'",
        "wrangler d1 execute prod --command 'DROP TABLE users'",
        "wrangler d1 execute prod --command='DELETE FROM sessions'",
      ],
      "dangerous",
    );
    expectAll(
      [
        "bq query --use_legacy_sql=false 'SELECT COUNT(*) FROM prod.orders'",
        "bq query --dry_run 'DELETE FROM prod.orders WHERE TRUE'",
        "wrangler d1 execute prod --command 'SELECT 1'",
      ],
      "safe",
    );
  });

  it("build and task targets named for tearing down or dropping data", () => {
    const targets = [
      "make destroy",
      "make -C infra destroy ARGS=-auto-approve",
      "make -C infra destroy AUTO_APPROVE=true",
      "make tf-destroy",
      "make infra-teardown",
      "make tear-down ENV=prod",
      "make nuke",
      "make -f infra.mk destroy",
      "make -j4 build undeploy",
      "make db-drop",
      "make reset-db",
      "make dropDatabase",
      "gmake purge",
      "just destroy prod",
      "just -f infra.just teardown",
      "task destroy",
      "task db:drop",
      "npm run destroy",
      "npm run-script db:reset",
      "npm --prefix infra run teardown",
      "yarn db:reset",
      "yarn run nuke",
      "pnpm run teardown",
      "pnpm db:drop",
      "bun run destroy",
    ];
    for (const command of targets) expect(keyOf(command), command).toBe("task-teardown-target");
    expectAll(
      [
        "make clean",
        "make test",
        "make -n destroy",
        "make --dry-run teardown",
        "make install PREFIX=./dist",
        "make down",
        "make db-migrate",
        "make reset",
        "just --dry-run destroy",
        "task --dry destroy",
        "task --list",
        "npm run build",
        "npm test",
        "yarn install --frozen-lockfile",
        "yarn lint",
        "pnpm run dev",
        "pnpm add -D vitest",
      ],
      "safe",
    );
  });
});
