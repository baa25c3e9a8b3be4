#ifndef QUARRY_CSQLITE_SHIM_H
#define QUARRY_CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT is a macro over a function-pointer cast that Swift cannot import;
// bindings that must copy their bytes use this instead.
static inline sqlite3_destructor_type quarry_sqlite_transient(void) {
  return SQLITE_TRANSIENT;
}

#endif
