#ifndef QUARRY_CSQLITE_SHIM_H
#define QUARRY_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro over a function-pointer cast that Swift cannot import;
// bindings that must copy their bytes use this instead.
static inline sqlite3_destructor_type quarry_sqlite_transient(void) {
  return SQLITE_TRANSIENT;
}

// sqlite3_db_config is variadic, which Swift cannot call: this fixes the form that sets an
// integer option and ignores the value SQLite reports back.
static inline int quarry_sqlite_db_config_int(sqlite3 *db, int option, int value) {
  return sqlite3_db_config(db, option, value, (int *)0);
}

#endif
