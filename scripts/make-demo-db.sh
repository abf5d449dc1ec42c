#!/usr/bin/env bash
# Builds the sample database from the text files in samples/, deterministically.
# Usage: scripts/make-demo-db.sh FOLIO_BINARY DATABASE
# The database is built under a temporary name and renamed into place, so an interrupted run never
# leaves half a database where the demo expects a whole one.
set -euo pipefail
folio=$1
db=$2
tmp="$db.building"
rm -f "$tmp" "$tmp-wal" "$tmp-shm"
export FOLIO_DB="$tmp"
f() { "$folio" "$@" >/dev/null; }

f init  # only init creates a database; import and portfolio add refuse a missing one
f import quotes samples/nbu-rates.csv samples/crypto-usd-generated.csv
f import stock-csv --currency USD samples/stocks/*_data.csv
f portfolio add "Demo UAH" --base UAH
f import trades --portfolio "Demo UAH" samples/demo-uah-trades.csv
f import transactions --portfolio "Demo UAH" samples/demo-uah-transactions.csv
f portfolio add "DSX crypto" --base USD
f import dsx-trades --portfolio "DSX crypto" samples/dsx/dsx_trades_prod.csv
f import dsx-transactions --portfolio "DSX crypto" samples/dsx/dsx_transactions_prod.csv
f import budget samples/budget-uah.csv
# Banks' rates: saved answers of Monobank (card) and PrivatBank (cash, card), read by the parsers of
# `folio fetch`. PrivatBank's answer carries no time, so each day's is given 09:00 UTC.
f import monobank-json samples/banks/*/monobank.json
for day in samples/banks/*/; do
  d=$(basename "$day")
  f import privatbank-json --market cash --time "${d}T09:00:00Z" "$day/privatbank-cash.json"
  f import privatbank-json --market card --time "${d}T09:00:00Z" "$day/privatbank-card.json"
done

# The last connection to close folds the WAL back into the file, so the database is one file now.
rm -f "$db-wal" "$db-shm"
mv "$tmp" "$db"
