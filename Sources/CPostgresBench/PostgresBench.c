#include "CPostgresBench.h"

#include <libpq-fe.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// The table Quarry's migrate creates for BenchEntity on PostgreSQL (the contract's type map), so
// both sides do the same server work.
static const char *const dropTable = "DROP TABLE IF EXISTS \"bench_entities\"";
static const char *const createTable =
    "CREATE TABLE \"bench_entities\" ("
    "\"id\" BIGINT NOT NULL PRIMARY KEY, "
    "\"name\" TEXT NOT NULL, "
    "\"score\" DOUBLE PRECISION NOT NULL, "
    "\"createdAt\" DOUBLE PRECISION NOT NULL, "
    "\"note\" TEXT, "
    "\"payload\" BYTEA NOT NULL)";

#define COLUMNS "\"id\", \"name\", \"score\", \"createdAt\", \"note\", \"payload\""

static const char *const insertSQL =
    "INSERT INTO \"bench_entities\" (" COLUMNS ") VALUES ($1, $2, $3, $4, $5, $6)";
static const char *const selectAllSQL = "SELECT " COLUMNS " FROM \"bench_entities\"";
static const char *const selectByIDSQL =
    "SELECT " COLUMNS " FROM \"bench_entities\" WHERE \"id\" = $1";
static const char *const selectScoreAboveSQL =
    "SELECT " COLUMNS " FROM \"bench_entities\" WHERE \"score\" > $1";

// Type OIDs from pg_type.h (stable across versions): int8, text, float8, bytea.
enum { oidInt8 = 20, oidText = 25, oidFloat8 = 701, oidBytea = 17 };

struct QPGBench {
  PGconn *connection;
  char error[512];
};

static int fail(QPGBench *bench, const char *what, const PGresult *result) {
  const char *message = result ? PQresultErrorMessage(result) : PQerrorMessage(bench->connection);
  snprintf(bench->error, sizeof bench->error, "%s: %s", what, message);
  return -1;
}

// Runs SQL that returns no rows; 0 on success.
static int run(QPGBench *bench, const char *sql) {
  PGresult *result = PQexec(bench->connection, sql);
  int status = PQresultStatus(result);
  int code = (status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK) ? 0 : fail(bench, sql, result);
  PQclear(result);
  return code;
}

static int prepare(QPGBench *bench, const char *name, const char *sql, int count, const Oid *types) {
  PGresult *result = PQprepare(bench->connection, name, sql, count, types);
  int code = PQresultStatus(result) == PGRES_COMMAND_OK ? 0 : fail(bench, sql, result);
  PQclear(result);
  return code;
}

// Network byte order, by hand: no dependence on <endian.h> or <arpa/inet.h> spellings.
static void putUInt64(unsigned char *out, uint64_t value) {
  for (int index = 7; index >= 0; index--) {
    out[index] = (unsigned char)value;
    value >>= 8;
  }
}

static uint64_t getUInt64(const char *bytes) {
  const unsigned char *in = (const unsigned char *)bytes;
  uint64_t value = 0;
  for (int index = 0; index < 8; index++) value = (value << 8) | in[index];
  return value;
}

static uint64_t doubleBits(double value) {
  uint64_t bits;
  memcpy(&bits, &value, sizeof bits);
  return bits;
}

static double bitsDouble(uint64_t bits) {
  double value;
  memcpy(&value, &bits, sizeof value);
  return value;
}

static void *copyBytes(const char *bytes, size_t count) {
  // malloc(0) may return NULL; a row's empty string still needs a pointer.
  void *copy = malloc(count ? count : 1);
  if (copy && count) memcpy(copy, bytes, count);
  return copy;
}

// strdup is POSIX, not C11.
static char *copyString(const char *text) {
  size_t count = strlen(text) + 1;
  char *copy = malloc(count);
  if (copy) memcpy(copy, text, count);
  return copy;
}

// NOTICEs (such as DROP TABLE IF EXISTS skipping) would go to standard error, into the report.
static void ignoreNotice(void *context, const char *message) {
  (void)context;
  (void)message;
}

QPGBench *qpgb_open(const char *conninfo, char **error) {
  PGconn *connection = PQconnectdb(conninfo);
  if (PQstatus(connection) != CONNECTION_OK) {
    if (error) *error = copyString(PQerrorMessage(connection));
    PQfinish(connection);
    return NULL;
  }
  QPGBench *bench = calloc(1, sizeof *bench);
  if (!bench) {
    PQfinish(connection);
    if (error) *error = copyString("out of memory");
    return NULL;
  }
  bench->connection = connection;
  PQsetNoticeProcessor(connection, ignoreNotice, NULL);
  return bench;
}

void qpgb_close(QPGBench *bench) {
  if (!bench) return;
  PQfinish(bench->connection);
  free(bench);
}

const char *qpgb_error(const QPGBench *bench) { return bench->error; }

int qpgb_execute(QPGBench *bench, const char *sql) { return run(bench, sql); }

int qpgb_reset(QPGBench *bench) {
  // DEALLOCATE ALL first: the statements' plans refer to the table being replaced.
  if (run(bench, "DEALLOCATE ALL") || run(bench, dropTable) || run(bench, createTable)) return -1;
  const Oid insertTypes[] = {oidInt8, oidText, oidFloat8, oidFloat8, oidText, oidBytea};
  const Oid idType[] = {oidInt8};
  const Oid scoreType[] = {oidFloat8};
  if (prepare(bench, "insert", insertSQL, 6, insertTypes)) return -1;
  if (prepare(bench, "select_all", selectAllSQL, 0, NULL)) return -1;
  if (prepare(bench, "select_by_id", selectByIDSQL, 1, idType)) return -1;
  if (prepare(bench, "select_score_above", selectScoreAboveSQL, 1, scoreType)) return -1;
  return 0;
}

int qpgb_insert(QPGBench *bench, const QPGBEntity *rows, size_t count) {
  if (run(bench, "BEGIN")) return -1;
  unsigned char id[8], score[8], createdAt[8];
  const int formats[6] = {1, 1, 1, 1, 1, 1};
  for (size_t index = 0; index < count; index++) {
    const QPGBEntity *row = &rows[index];
    putUInt64(id, (uint64_t)row->id);
    putUInt64(score, doubleBits(row->score));
    putUInt64(createdAt, doubleBits(row->createdAt));
    // Binary text is the UTF-8 bytes themselves; a NULL value pointer is SQL NULL.
    const char *values[6] = {
        (const char *)id, row->name, (const char *)score, (const char *)createdAt, row->note,
        (const char *)row->payload};
    const int lengths[6] = {
        8, (int)row->nameLength, 8, 8, (int)row->noteLength, (int)row->payloadLength};
    // An empty name or payload must stay a value, never become NULL.
    if (!values[1]) values[1] = "";
    if (!values[5]) values[5] = "";
    PGresult *result = PQexecPrepared(bench->connection, "insert", 6, values, lengths, formats, 1);
    if (PQresultStatus(result) != PGRES_COMMAND_OK) {
      fail(bench, insertSQL, result);
      PQclear(result);
      run(bench, "ROLLBACK");
      return -1;
    }
    PQclear(result);
  }
  return run(bench, "COMMIT");
}

static int reserve(QPGBRows *out, size_t extra) {
  if (out->count + extra <= out->capacity) return 0;
  size_t capacity = out->capacity ? out->capacity : 16;
  while (capacity < out->count + extra) capacity *= 2;
  QPGBEntity *rows = realloc(out->rows, capacity * sizeof *rows);
  if (!rows) return -1;
  out->rows = rows;
  out->capacity = capacity;
  return 0;
}

// Copies every row of a binary result into `out`.
static int appendRows(QPGBench *bench, const PGresult *result, QPGBRows *out) {
  int rowCount = PQntuples(result);
  if (PQnfields(result) != 6) {
    snprintf(bench->error, sizeof bench->error, "expected 6 columns, got %d", PQnfields(result));
    return -1;
  }
  if (reserve(out, (size_t)rowCount)) {
    snprintf(bench->error, sizeof bench->error, "out of memory");
    return -1;
  }
  for (int number = 0; number < rowCount; number++) {
    QPGBEntity *row = &out->rows[out->count++];
    row->id = (int64_t)getUInt64(PQgetvalue(result, number, 0));
    row->nameLength = (size_t)PQgetlength(result, number, 1);
    row->name = copyBytes(PQgetvalue(result, number, 1), row->nameLength);
    row->score = bitsDouble(getUInt64(PQgetvalue(result, number, 2)));
    row->createdAt = bitsDouble(getUInt64(PQgetvalue(result, number, 3)));
    if (PQgetisnull(result, number, 4)) {
      row->note = NULL;
      row->noteLength = 0;
    } else {
      row->noteLength = (size_t)PQgetlength(result, number, 4);
      row->note = copyBytes(PQgetvalue(result, number, 4), row->noteLength);
    }
    row->payloadLength = (size_t)PQgetlength(result, number, 5);
    row->payload = copyBytes(PQgetvalue(result, number, 5), row->payloadLength);
  }
  return 0;
}

// Runs a prepared query with binary parameters and results, appending its rows.
static int query(
    QPGBench *bench, const char *name, const char *sql, int count, const char *const *values,
    const int *lengths, const int *formats, QPGBRows *out) {
  PGresult *result = PQexecPrepared(bench->connection, name, count, values, lengths, formats, 1);
  int code = PQresultStatus(result) == PGRES_TUPLES_OK ? appendRows(bench, result, out)
                                                       : fail(bench, sql, result);
  PQclear(result);
  return code;
}

int qpgb_fetch_all(QPGBench *bench, QPGBRows *out) {
  return query(bench, "select_all", selectAllSQL, 0, NULL, NULL, NULL, out);
}

int qpgb_lookup(QPGBench *bench, const int64_t *ids, size_t count, QPGBRows *out) {
  // One snapshot for all lookups, as a Quarry read transaction has.
  if (run(bench, "BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")) return -1;
  if (reserve(out, count)) {
    run(bench, "ROLLBACK");
    snprintf(bench->error, sizeof bench->error, "out of memory");
    return -1;
  }
  unsigned char id[8];
  const char *values[1] = {(const char *)id};
  const int lengths[1] = {8};
  const int formats[1] = {1};
  for (size_t index = 0; index < count; index++) {
    putUInt64(id, (uint64_t)ids[index]);
    if (query(bench, "select_by_id", selectByIDSQL, 1, values, lengths, formats, out)) {
      run(bench, "ROLLBACK");
      return -1;
    }
  }
  return run(bench, "COMMIT");
}

int qpgb_fetch_score_above(QPGBench *bench, double threshold, QPGBRows *out) {
  unsigned char score[8];
  putUInt64(score, doubleBits(threshold));
  const char *values[1] = {(const char *)score};
  const int lengths[1] = {8};
  const int formats[1] = {1};
  return query(bench, "select_score_above", selectScoreAboveSQL, 1, values, lengths, formats, out);
}

int64_t qpgb_count(QPGBench *bench) {
  PGresult *result = PQexec(bench->connection, "SELECT count(*) FROM \"bench_entities\"");
  int64_t count = -1;
  if (PQresultStatus(result) == PGRES_TUPLES_OK && PQntuples(result) == 1) {
    count = strtoll(PQgetvalue(result, 0, 0), NULL, 10);
  } else {
    fail(bench, "count", result);
  }
  PQclear(result);
  return count;
}

void qpgb_rows_free(QPGBRows *rows) {
  for (size_t index = 0; index < rows->count; index++) {
    free((void *)rows->rows[index].name);
    free((void *)rows->rows[index].note);
    free((void *)rows->rows[index].payload);
  }
  free(rows->rows);
  rows->rows = NULL;
  rows->count = 0;
  rows->capacity = 0;
}
