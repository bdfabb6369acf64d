#!/bin/bash
# How seat-claim throughput adds up across primaries (docs/SCALING.md): the seat bench alone against
# one primary, then two benches at once, each against a primary of its own with an event of its own,
# as two shards by event would run. Each bench starts a throwaway, durable private cluster (fsync on,
# as the product's), so the two share this machine's cores and disk and nothing else.
#
#   scripts/bench-two-primaries.sh            # 16 clients, 10 s per run, 3 rounds
#   CLIENTS=64 DURATION=20 ROUNDS=5 scripts/bench-two-primaries.sh
set -euo pipefail
cd "$(dirname "$0")/.."
bench="${BOXOFFICE_BENCH:-build/tests/bench/boxoffice-bench}"
clients="${CLIENTS:-16}"
duration="${DURATION:-10}"
rounds="${ROUNDS:-3}"
[ -x "$bench" ] || { echo "build the bench first: cmake --build build --target boxoffice-bench" >&2; exit 1; }
out="$(mktemp -d /tmp/boxoffice-two-primaries-XXXXXX)"

run() { "$bench" --scenarios seats-spread --clients "$clients" --duration "$duration" --rounds "$rounds" --json "$1" >"$1.log" 2>&1; }

echo "one primary, one event: $clients clients for ${duration} s a round" >&2
run "$out/alone.jsonl"
echo "two primaries at once, an event on each: $clients clients each" >&2
run "$out/first.jsonl" &
first=$!
run "$out/second.jsonl" &
second=$!
wait "$first" "$second"

python3 - "$out" "$clients" "$(nproc)" <<'PY'
import json, statistics, sys
out, clients, cores = sys.argv[1], sys.argv[2], sys.argv[3]
def rate(name):
    rows = [json.loads(l) for l in open(f"{out}/{name}.jsonl") if l.strip()]
    rows = [r for r in rows if r["scenario"] == "seats-spread"]
    assert rows and all(r["double_sold"] == 0 and r["audit_ok"] for r in rows), f"{name}: audit failed"
    return statistics.median(r["granted_per_s"] for r in rows)
alone, first, second = rate("alone"), rate("first"), rate("second")
both = first + second
print(f"seat claims granted per second, {clients} clients per primary, {cores} cores, median of the rounds:")
print(f"  one primary alone:          {alone:9.1f}")
print(f"  two primaries at once:      {first:9.1f} + {second:9.1f} = {both:9.1f}")
print(f"  two over one:               {both / alone:9.2f}x")
print("nothing sold twice, audit ok in every round")
PY
rm -rf "$out"
