#ifndef FOLIO_CSQLITE_SHIM_H
#define FOLIO_CSQLITE_SHIM_H
// The one SQLite setting GRDB does not offer: sqlite3_config is variadic, which Swift cannot call.
#include <sqlite3.h>

// Stops SQLite counting every allocation for sqlite3_status() under a global mutex; Folio never asks.
// Takes effect only before SQLite's first use (it returns SQLITE_MISUSE after, and changes nothing).
static inline int folio_sqlite3_stop_counting_memory(void) {
    return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}

#endif
