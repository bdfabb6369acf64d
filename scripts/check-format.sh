#!/usr/bin/env bash
# The house style (.clang-format, clang-format 14 from Debian) on every C++ file git tracks. Fails with
# the places that differ; `scripts/check-format.sh --fix` rewrites them instead.
set -euo pipefail
cd "$(dirname "$0")/.."
formatter=$(command -v clang-format-14 || command -v clang-format || true)
if [ -z "$formatter" ]; then
    echo "clang-format-14 is not installed (Debian: apt-get install clang-format-14)" >&2
    exit 1
fi
mapfile -t files < <(git ls-files -- '*.cpp' '*.h')
if [ "${1:-}" = "--fix" ]; then
    "$formatter" -i "${files[@]}"
    exit 0
fi
if ! "$formatter" --dry-run -Werror "${files[@]}" 2> /tmp/boxoffice-format.$$; then
    grep -E '^[^ ].*: error:' /tmp/boxoffice-format.$$ | cut -d: -f1 | sort -u | sed 's/^/  not in the house style: /' >&2
    rm -f /tmp/boxoffice-format.$$
    echo "Run scripts/check-format.sh --fix (clang-format-14 -i) and commit the result." >&2
    exit 1
fi
rm -f /tmp/boxoffice-format.$$
echo "Format: ${#files[@]} C++ files in the house style."
