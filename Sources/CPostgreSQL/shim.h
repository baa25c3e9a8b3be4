#ifndef QUARRY_CPOSTGRESQL_SHIM_H
#define QUARRY_CPOSTGRESQL_SHIM_H

// Debian's libpq-dev installs the header in /usr/include/postgresql; pkg-config "libpq" adds
// that folder (and Homebrew's keg-only libpq) to the search path.
#include <libpq-fe.h>

// The PG_DIAG_* field codes are character-literal macros; these give Swift typed values
// without depending on how the importer treats char literals.
static inline int quarry_pg_diag_sqlstate(void) { return PG_DIAG_SQLSTATE; }
static inline int quarry_pg_diag_message_primary(void) { return PG_DIAG_MESSAGE_PRIMARY; }
static inline int quarry_pg_diag_constraint_name(void) { return PG_DIAG_CONSTRAINT_NAME; }
static inline int quarry_pg_diag_table_name(void) { return PG_DIAG_TABLE_NAME; }
static inline int quarry_pg_diag_column_name(void) { return PG_DIAG_COLUMN_NAME; }

#endif
