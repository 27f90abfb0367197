#!/usr/bin/env bash
# Restores a backup made by scripts/db-backup.sh (pg_dump --format=custom) into an EMPTY PostgreSQL database,
# all or nothing (one transaction; the first error stops it and leaves the database empty).
#
#   createdb -h <host> -U <user> portal_restored
#   scripts/db-restore.sh <file> postgres://<user>@<host>:5432/portal_restored
#
# Then point the portal's DATABASE_URL at the restored database and start it: the migrations recorded in the
# backup are already applied, so the start-up applies none (or only those newer than the backup).
# A database that already has tables is refused: restore into a new one and switch over, never on top of data.
set -euo pipefail

if [ "$#" -ne 2 ]; then
  echo "usage: $0 <file> <DATABASE_URL of an empty database>" >&2
  exit 2
fi
file=$1
url=$2

if [ ! -r "$file" ]; then
  echo "cannot read backup file $file" >&2
  exit 1
fi
pg_restore --list "$file" >/dev/null

tables=$(psql --dbname="$url" --no-psqlrc --tuples-only --no-align --quiet \
  --command="select count(*) from pg_tables where schemaname not in ('pg_catalog', 'information_schema')")
if [ "$tables" != "0" ]; then
  echo "refusing to restore: the target database already has $tables table(s). Create a new empty database" \
    "(createdb), restore into it, then point DATABASE_URL at it." >&2
  exit 1
fi

# --no-owner/--no-privileges: the restored objects belong to the user restoring them, whatever the names on the
# old server were.
pg_restore --dbname="$url" --no-owner --no-privileges --single-transaction --exit-on-error "$file"
echo "restored $file"
