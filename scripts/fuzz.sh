#!/usr/bin/env bash
# Runs each fuzz target of folio-fuzz (built by `make fuzz` with libFuzzer) for SECONDS, from the
# target's seeds, the files kept in the sweeps' corpus (Tests/Fixtures/sweeps/TARGET/) and what earlier
# runs found.
# Usage: scripts/fuzz.sh FOLIO_FUZZ SECONDS [OUT]   (FUZZ_TARGETS="trading212 degiro" picks targets)
# FUZZ_RUNS=N runs N inputs per target from a fixed seed instead of SECONDS: from a fresh OUT, the same
# inputs every time for the same build, which is what CI runs (a pass that could fail at random would
# block every change). OUT/corpus keeps what a run found interesting, for the next to start from.
# A target stops at its first crash; the run goes on with the next and exits 1 if any crashed, naming
# each crash file. Copy a crash file into Tests/Fixtures/sweeps/TARGET/: the test suite replays that
# folder (SweepCommandTests through `folio`, FuzzRegressionTests through the target) and fails until it
# is fixed, and every later fuzzing run starts from it.
set -uo pipefail
fuzz=$1
seconds=${2:-60}
out=${3:-out/fuzz}
targets=${FUZZ_TARGETS:-$("$fuzz" --list)}
crashed=()
for target in $targets; do
  corpus="$out/corpus/$target"
  crashes="$out/crashes/$target"
  kept="Tests/Fixtures/sweeps/$target"
  # This run's findings only: a crash file of an earlier run was reported then.
  rm -rf "$crashes"
  mkdir -p "$corpus" "$crashes"
  "$fuzz" --seeds "$target" "$corpus" || exit 1
  dirs=("$corpus")
  [ -d "$kept" ] && dirs+=("$kept")
  # detect_leaks=0: a crash, a trap or a wrong acceptance is what is looked for here, not memory
  # kept until exit by caches that live as long as the process. Swift's own crash handler reads
  # memory AddressSanitizer guards: libFuzzer and ASan report the crash.
  if [ -n "${FUZZ_RUNS:-}" ]; then bound=(-runs="$FUZZ_RUNS" -seed=1); else bound=(-max_total_time="$seconds"); fi
  FOLIO_FUZZ_TARGET=$target ASAN_OPTIONS=detect_leaks=0:abort_on_error=1 SWIFT_BACKTRACE=enable=no \
    "$fuzz" "${dirs[@]}" "${bound[@]}" -max_len=16384 -timeout=20 -rss_limit_mb=4096 \
    -artifact_prefix="$crashes/" -print_final_stats=1 >"$out/$target.log" 2>&1
  status=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$out/$target.log" | tail -1)
  found=$(ls "$crashes" 2>/dev/null | head -1)
  if [ -n "$found" ]; then
    echo "fuzz $target: CRASH after ${runs:-?} runs: $crashes/$found (log: $out/$target.log)"
    crashed+=("$target")
  elif [ $status -ne 0 ]; then
    echo "fuzz $target: the fuzzer failed (exit $status) without a crash file; see $out/$target.log"
    crashed+=("$target")
  else
    echo "fuzz $target: ${runs:-?} runs, no crash"
  fi
done
if [ ${#crashed[@]} -gt 0 ]; then
  echo "fuzz: ${#crashed[@]} target(s) crashed: ${crashed[*]}"
  exit 1
fi
