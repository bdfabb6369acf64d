#!/usr/bin/env bash
# Builds the libFuzzer targets (tests/fuzz) with clang and runs each of them.
#   scripts/fuzz.sh [SECONDS]     each target for SECONDS (default 20): test.sh's smoke run
#   scripts/fuzz.sh --runs N      each target for N inputs (the long run: --runs 1000000)
# Each target starts from its seed inputs (tests/fuzz/seeds/<target>) and a scratch corpus; a crash,
# a sanitizer report or a broken invariant stops the run with the input written to build-fuzz/.
set -euo pipefail
source "$(dirname "$0")/common.sh"

budget=(-max_total_time="${1:-20}")
if [ "${1:-}" = "--runs" ]; then
    budget=(-runs="${2:?--runs needs a number}")
fi

fuzz_build="${BOXOFFICE_FUZZ_BUILD:-$BOXOFFICE_ROOT/build-fuzz}"
cmake -S "$BOXOFFICE_ROOT/tests/fuzz" -B "$fuzz_build" -G Ninja -DCMAKE_CXX_COMPILER=clang++ >/dev/null
cmake --build "$fuzz_build" -j"$(nproc)"

# Qt's own allocator paths and the sanitizers: leaks in Qt's static caches are not ours.
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
export QT_LOGGING_RULES="*=false"
run_target() {
    local target="$1"
    local corpus="$fuzz_build/corpus/$target"
    mkdir -p "$corpus"
    (cd "$fuzz_build" && "./$target" "${budget[@]}" -max_len=16384 -timeout=10 -print_final_stats=1 \
        "$corpus" "$BOXOFFICE_ROOT/tests/fuzz/seeds/${target#fuzz_}" >"$fuzz_build/$target.log" 2>&1)
}

# As many targets at once as there are cores; each still gets its whole budget of time or inputs.
targets=(fuzz_jsonbody fuzz_httpparser fuzz_webhook fuzz_connectionurl fuzz_venuefile fuzz_propertyfile)
declare -A status
for ((first = 0; first < ${#targets[@]}; first += $(nproc))); do
    declare -A running=()
    for target in "${targets[@]:first:$(nproc)}"; do
        run_target "$target" &
        running[$target]=$!
    done
    for target in "${!running[@]}"; do
        status[$target]=0
        wait "${running[$target]}" || status[$target]=$?
    done
    unset running
done
for target in "${targets[@]}"; do
    log="$fuzz_build/$target.log"
    runs="$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")"
    echo "$target: ${runs:-?} inputs, exit ${status[$target]}"
    if [ "${status[$target]}" -ne 0 ]; then
        grep -E "ERROR|SUMMARY|artifact|abort|Test unit written" "$log" | head -20 >&2
        echo "$target failed: the log is $log, the input that broke it is in $fuzz_build (crash-*, timeout-*, oom-*)" >&2
        exit 1
    fi
done
