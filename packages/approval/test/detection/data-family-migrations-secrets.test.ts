import { beforeAll, describe, it } from "vitest";
import { initializeDetector } from "../../src/detection/index.js";
import { expectAll } from "./verdicts.js";

// Every command is only parsed; database URLs and secret names are placeholders.
describe("migration tools through every runner", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("holds rollbacks and wipes run through module runners, package scripts and Django", () => {
    expectAll(
      [
        "python -m alembic downgrade base",
        "python3 -m alembic -c prod.ini downgrade -1",
        "npm run typeorm -- schema:drop",
        "pnpm run typeorm schema:drop -d src/data-source.ts",
        "pnpm exec knex migrate:rollback --all",
        "yarn sequelize db:drop",
        "bunx typeorm schema:drop",
        "rake db:migrate VERSION=0",
        "bin/rails db:migrate VERSION=0",
        "django-admin flush --noinput",
        "python manage.py dbshell <<< 'DROP TABLE accounts;'",
        "echo 'TRUNCATE orders;' | python manage.py dbshell",
        "python manage.py sqlflush | python manage.py dbshell",
        "sqitch revert -y",
        "sqitch revert --to @HEAD^^ -y",
        "sea-orm-cli migrate fresh",
        "sea-orm-cli migrate reset",
        "sea-orm-cli migrate down -n 3",
        "npx drizzle-kit push --force",
      ],
      "flagged",
    );
    expectAll(
      [
        "python -m alembic upgrade head",
        "python -m alembic history",
        "npm run typeorm -- migration:run",
        "pnpm exec knex migrate:latest",
        "yarn sequelize db:migrate",
        "npm run build",
        "pnpm run migrate -- --help",
        "python -m pytest -q",
        "rake db:migrate",
        "rake db:migrate VERSION=20240101000000",
        "python manage.py dbshell <<< 'SELECT 1;'",
        "python manage.py sqlflush",
        "sqitch deploy",
        "sqitch status",
        "sea-orm-cli migrate up",
        "sea-orm-cli migrate status",
        "npx drizzle-kit push",
        "npx drizzle-kit generate",
      ],
      "safe",
    );
  });
});

describe("secret managers", () => {
  beforeAll(async () => {
    await initializeDetector();
  });

  it("holds entries shown under any spelling, stores emptied and values printed by other CLIs", () => {
    expectAll(
      [
        "pass prod/db",
        "pass -c prod/db",
        "pass show prod/db",
        "gopass show -o prod/db",
        "gopass prod/db",
        "pass rm -r prod",
        "gopass rm -r prod",
        "secret-tool search --all service db",
        "secret-tool search --unlock service db",
        "op document get ssh-key",
        "netlify env:list --plain",
        "netlify env:get DATABASE_URL",
        "cf env my-app",
        "kubectl view-secret db password",
        "gcloud config config-helper --format=json",
      ],
      "flagged",
    );
    expectAll(
      [
        "pass",
        "pass ls",
        "pass find prod",
        "pass insert -m prod/new",
        "pass generate prod/new 32",
        "pass git push",
        "gopass ls",
        "secret-tool search service db",
        "secret-tool store --label=x service db",
        "op document list",
        "netlify env:list",
        "cf apps",
        "gcloud config list",
        "vault kv metadata get secret/app",
        "vault kv list secret/",
      ],
      "safe",
    );
  });
});
