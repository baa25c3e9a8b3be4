#!/usr/bin/env bash
# Builds Quarry's libFuzzer targets with `swiftc -sanitize=fuzzer,address` and runs each one
# over its seed corpus (Tests/Fuzz/<target>/corpus) for a bounded time.
#
#   Tests/Fuzz/run.sh                      every target for 5 s (what CI runs, through
#                                          FuzzSmokeTests)
#   Tests/Fuzz/run.sh --long               every target for 10 min, optimised build
#   Tests/Fuzz/run.sh --seconds 60 scanner one target for a minute
#
# Targets: scanner, annotation, template (the generator's parsers, Sources/QuarryGen) and
# row (the runtime's Row decoding of arbitrary stored values, Sources/Quarry over the system
# SQLite). New inputs go to $QUARRY_FUZZ_DIR/<target>/corpus (default .build/fuzz), never
# into the repository; a crash is written to $QUARRY_FUZZ_DIR/<target>/crash-… and makes the
# script exit 1: copy it into the seed corpus and add a regression test.
# Exit status 77: the toolchain has no fuzzer runtime (e.g. macOS's Xcode toolchain).
set -euo pipefail
cd "$(dirname "$0")/../.."

seconds=5
optimisation=-Onone
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --long) seconds=600; optimisation=-O ;;
    --seconds) seconds="$2"; shift ;;
    -O|-Onone) optimisation="$1" ;;
    scanner|annotation|template|row) targets+=("$1") ;;
    *) echo "usage: Tests/Fuzz/run.sh [--long] [--seconds N] [-O] [scanner|annotation|template|row]..." >&2; exit 64 ;;
  esac
  shift
done
[ ${#targets[@]} -gt 0 ] || targets=(scanner annotation template row)

work="${QUARRY_FUZZ_DIR:-.build/fuzz}"
mkdir -p "$work"
swiftc="${SWIFTC:-swiftc}"

# Is there a fuzzer runtime at all?
probe="$work/probe"
if ! printf '@_cdecl("LLVMFuzzerTestOneInput") public func f(_ d: UnsafePointer<UInt8>?, _ n: Int) -> CInt { 0 }\n' > "$probe.swift" \
  || ! "$swiftc" -sanitize=fuzzer,address -parse-as-library "$probe.swift" -o "$probe" >/dev/null 2>&1; then
  echo "fuzz: skipped: '$swiftc -sanitize=fuzzer,address' is not available in this toolchain"
  exit 77
fi

# build <binary> <module> <sources...>: rebuilt only when a source is newer than the binary.
build() {
  local binary="$1" module="$2"; shift 2
  if [ -x "$binary" ] && [ -z "$(find "$@" -newer "$binary" 2>/dev/null | head -1)" ] \
    && [ "$(cat "$binary.flags" 2>/dev/null)" = "$optimisation" ]; then
    return
  fi
  echo "fuzz: building $(basename "$binary") ($optimisation)"
  local files
  files=$(find "$@" -name '*.swift' | sort)
  # The runtime imports libpq's module too (its PostgreSQL engine); the generator does not.
  local c_modules="-I Sources/CSQLite"
  if [ "$module" = QuarryFuzz ]; then
    c_modules="$c_modules -I Sources/CPostgreSQL -lpq"
    local folder
    for folder in $(pkg-config --cflags-only-I libpq 2>/dev/null | sed 's/-I//g') /usr/include/postgresql; do
      [ -f "$folder/libpq-fe.h" ] && c_modules="$c_modules -Xcc -I$folder"
    done
  fi
  # ld.gold warns about ASan's local symbols on every link: noise, filtered out.
  # shellcheck disable=SC2086
  "$swiftc" -sanitize=fuzzer,address -parse-as-library -swift-version 6 "$optimisation" -g \
    -module-name "$module" $c_modules $files -o "$binary" 2>&1 \
    | { grep -v "Cannot export local symbol" || true; }
  [ -x "$binary" ] || { echo "fuzz: build of $binary failed" >&2; exit 1; }
  echo "$optimisation" > "$binary.flags"
}

status=0
for target in "${targets[@]}"; do
  if [ "$target" = row ]; then
    binary="$work/fuzz-row"
    build "$binary" QuarryFuzz Sources/Quarry Tests/Fuzz/Row
  else
    binary="$work/fuzz-generator"
    build "$binary" QuarryGenFuzz Sources/QuarryGen Tests/Fuzz/Generator
  fi
  mkdir -p "$work/$target/corpus"
  log="$work/$target/last-run.log"
  # -rss_limit_mb: ASan's quarantine alone holds 256 MB.
  set +e
  QUARRY_FUZZ_TARGET="$target" ASAN_OPTIONS="detect_leaks=1" "$binary" \
    -max_total_time="$seconds" -max_len=4096 -timeout=10 -rss_limit_mb=4096 \
    -artifact_prefix="$work/$target/" -print_final_stats=1 \
    "$work/$target/corpus" "Tests/Fuzz/$target/corpus" > "$log" 2>&1
  code=$?
  set -e
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  if [ $code -ne 0 ]; then
    echo "fuzz $target: FAILED after ${runs:-?} executions (exit $code); log: $log"
    grep -E "ERROR|Fatal error|SUMMARY|Test unit written|panic" "$log" | head -20 || true
    status=1
  else
    echo "fuzz $target: ${runs:-0} executions in ${seconds} s, no crash"
  fi
done
exit $status
