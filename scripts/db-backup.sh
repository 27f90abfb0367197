#!/usr/bin/env bash
# Backs up the portal's PostgreSQL database into one file (pg_dump's custom format: compressed, restorable
# with scripts/db-restore.sh or pg_restore). Safe while the portal runs: pg_dump reads one consistent snapshot.
#
#   scripts/db-backup.sh <DATABASE_URL> <file>
#   scripts/db-backup.sh "$DATABASE_URL" "backups/portal-$(date -u +%Y%m%dT%H%M%SZ).dump"
#
# The file appears only once it is complete and readable (written as <file>.partial, checked, then renamed),
# so a backup cut off half-way never looks like a good one.
set -euo pipefail

if [ "$#" -ne 2 ]; then
  echo "usage: $0 <DATABASE_URL> <file>" >&2
  exit 2
fi
url=$1
file=$2
partial="$file.partial"

mkdir -p "$(dirname "$file")"
trap 'rm -f "$partial"' EXIT
pg_dump --format=custom --dbname="$url" --file="$partial"
# The archive's table of contents must read back, or the dump is not a backup.
pg_restore --list "$partial" >/dev/null
mv "$partial" "$file"
trap - EXIT
echo "backup written to $file ($(wc -c <"$file" | tr -d ' ') bytes)"
