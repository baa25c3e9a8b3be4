#ifndef QUARRY_CPOSTGRESBENCH_H
#define QUARRY_CPOSTGRESBENCH_H

// The hand-written libpq baseline of `quarry-bench --suite postgres` (issue 23): the same rows
// Quarry writes and reads, done the best way plain C can: statements prepared once, every
// parameter and every result column in binary, strings copied out of the result as a caller
// that keeps them must.

#include <stddef.h>
#include <stdint.h>

/// One `bench_entities` row. Strings and bytes are not NUL-terminated; `note` is NULL for SQL
/// NULL. In rows a fetch returns, every pointer is the row's own heap copy.
typedef struct QPGBEntity {
  int64_t id;
  const char *name;
  size_t nameLength;
  double score;
  /// Seconds since 2001-01-01 (Foundation's reference date), as Quarry stores a `Date`.
  double createdAt;
  const char *note;
  size_t noteLength;
  const unsigned char *payload;
  size_t payloadLength;
} QPGBEntity;

/// Rows a fetch returned; free them with `qpgb_rows_free`.
typedef struct QPGBRows {
  QPGBEntity *rows;
  size_t count;
  size_t capacity;
} QPGBRows;

/// One connection and its prepared statements.
typedef struct QPGBench QPGBench;

/// Connects with a libpq conninfo; NULL on failure with the reason in `error` (free it).
QPGBench *qpgb_open(const char *conninfo, char **error);
void qpgb_close(QPGBench *bench);

/// The last failure's message (valid until the next call).
const char *qpgb_error(const QPGBench *bench);

/// Runs SQL that returns nothing worth reading (setup, maintenance). 0 on success.
int qpgb_execute(QPGBench *bench, const char *sql);

/// Drops and creates the table, then prepares the statements. 0 on success.
int qpgb_reset(QPGBench *bench);

/// Inserts `count` rows in one transaction. 0 on success.
int qpgb_insert(QPGBench *bench, const QPGBEntity *rows, size_t count);

/// Appends every row of the table to `out`. 0 on success.
int qpgb_fetch_all(QPGBench *bench, QPGBRows *out);

/// Looks each id up in one read-only transaction, appending the rows found. 0 on success.
int qpgb_lookup(QPGBench *bench, const int64_t *ids, size_t count, QPGBRows *out);

/// Appends the rows whose score is above `threshold`. 0 on success.
int qpgb_fetch_score_above(QPGBench *bench, double threshold, QPGBRows *out);

/// The number of rows in the table, or -1 on failure.
int64_t qpgb_count(QPGBench *bench);

/// Frees the rows' copies and the array, leaving `rows` empty.
void qpgb_rows_free(QPGBRows *rows);

#endif
