#!/usr/bin/env bash
# The restore drill (docs/operations.md, "Backups and restore"): back up a bank's database and its
# uploads together, restore both somewhere new, and prove the copy is whole.
#
#   DATABASE_URL=postgres://…/bank UPLOADS_DIRS="/srv/bank/data/uploads" scripts/backup-roundtrip.sh
#
# 1. Backup: `pg_dump -Fc` of the database (one consistent snapshot), then a tar of the upload
#    folders. Files first written after the snapshot may be in the tar without a row (harmless:
#    the hourly sweep removes them); a row always has its file, since a file is written before
#    its row commits and files are never changed in place.
# 2. Restore: a new database on the same server (RESTORE_SERVER_URL to use another),
#    `pg_restore --jobs 2`, and the tar into a new folder.
# 3. Checks on the restored copy: `npm run ledger:check` (the books), `npm run audit:verify`
#    (the audit chain), row counts of the tables that only grow between the source's counts
#    before and after the dump, and every stored file's row (stored_files) has its file with the
#    same SHA-256.
# Prints sizes and times; exit status 1 when anything differs. The restored database and folder
# are removed at the end unless KEEP=1. Needs pg_dump/pg_restore of the server's major version.
set -euo pipefail
cd "$(dirname "$0")/.."

: "${DATABASE_URL:?set DATABASE_URL to the database to back up}"
UPLOADS_DIRS="${UPLOADS_DIRS:-}"
WORK="${BACKUP_DIR:-$(mktemp -d /tmp/bank-backup-XXXXXX)}"
mkdir -p "$WORK"
server_url="${RESTORE_SERVER_URL:-${DATABASE_URL%/*}/postgres}"
restored_name="bank_restore_$(date +%s)"
restored_url="${server_url%/*}/$restored_name"
restored_uploads="$WORK/restored-uploads"

now_ms() { date +%s%3N; }
psql_q() { psql -X -q -At -v ON_ERROR_STOP=1 "$@"; }

# Tables that only grow (rows are never deleted): the restored count must lie between the
# source's counts just before and just after the dump, even while the bank runs.
tables="users ledger_accounts journal_entries postings transfers notifications audit_log"
declare -A before
for table in $tables; do before[$table]=$(psql_q "$DATABASE_URL" -c "select count(*) from $table"); done

echo "== backup"
t=$(now_ms)
pg_dump -Fc --no-owner -f "$WORK/bank.dump" "$DATABASE_URL"
dump_ms=$(( $(now_ms) - t ))
t=$(now_ms)
tar_args=()
for dir in $UPLOADS_DIRS; do tar_args+=(-C "$(realpath "$dir")" .); done
if [ ${#tar_args[@]} -gt 0 ]; then
  tar -cf "$WORK/uploads.tar" "${tar_args[@]}"
else
  tar -cf "$WORK/uploads.tar" --files-from /dev/null
fi
tar_ms=$(( $(now_ms) - t ))
echo "database dump $(du -h "$WORK/bank.dump" | cut -f1) in ${dump_ms} ms; uploads $(du -h "$WORK/uploads.tar" | cut -f1) in ${tar_ms} ms"

echo "== restore into $restored_name"
cleanup() {
  if [ "${KEEP:-0}" != 1 ]; then
    psql_q "$server_url" -c "drop database if exists $restored_name with (force)" || true
    rm -rf "$restored_uploads"
  fi
}
trap cleanup EXIT
psql_q "$server_url" -c "create database $restored_name"
t=$(now_ms)
pg_restore --no-owner --jobs 2 -d "$restored_url" "$WORK/bank.dump"
restore_ms=$(( $(now_ms) - t ))
mkdir -p "$restored_uploads"
t=$(now_ms)
tar -xf "$WORK/uploads.tar" -C "$restored_uploads"
untar_ms=$(( $(now_ms) - t ))
echo "pg_restore in ${restore_ms} ms; uploads unpacked in ${untar_ms} ms"

echo "== checks"
failed=0
for table in $tables; do
  after=$(psql_q "$DATABASE_URL" -c "select count(*) from $table")
  got=$(psql_q "$restored_url" -c "select count(*) from $table")
  if [ "$got" -lt "${before[$table]}" ] || [ "$got" -gt "$after" ]; then
    echo "  $table: ${before[$table]} to $after rows in the source, $got restored" >&2
    failed=1
  fi
  printf '  %-16s %s rows restored (source %s to %s)\n' "$table" "$got" "${before[$table]}" "$after"
done

if [ -n "$UPLOADS_DIRS" ]; then
  missing=0
  checked=0
  while IFS='|' read -r key sha; do
    [ -z "$key" ] && continue
    file="$restored_uploads/${key:0:2}/${key:2:2}/$key"
    checked=$((checked + 1))
    if [ ! -f "$file" ] || [ "$(sha256sum "$file" | cut -d' ' -f1)" != "$sha" ]; then
      echo "  stored file $key: missing or changed in the restored uploads" >&2
      missing=$((missing + 1))
    fi
  done < <(psql_q "$restored_url" -F '|' -c "select storage_key, sha256 from stored_files")
  echo "  stored files: $checked rows, $missing without their file"
  [ "$missing" -eq 0 ] || failed=1
fi

DATABASE_URL="$restored_url" npm run --silent ledger:check > "$WORK/ledger-check.txt" || {
  cat "$WORK/ledger-check.txt" >&2
  failed=1
}
tail -n 2 "$WORK/ledger-check.txt" | sed 's/^/  /'
DATABASE_URL="$restored_url" npm run --silent audit:verify > "$WORK/audit-verify.txt" || {
  cat "$WORK/audit-verify.txt" >&2
  failed=1
}
tail -n 2 "$WORK/audit-verify.txt" | sed 's/^/  /'

if [ "$failed" -ne 0 ]; then
  echo "RESTORE DRILL FAILED (backup kept in $WORK)" >&2
  exit 1
fi
echo "restore drill passed (backup in $WORK)"
