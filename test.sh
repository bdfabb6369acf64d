#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test suite against a throwaway PostgreSQL cluster
# that the test fixture starts and removes again.
set -euo pipefail
source "$(dirname "$0")/scripts/common.sh"

boxoffice_install_missing "${BOXOFFICE_TEST_PACKAGES[@]}"
boxoffice_install_e2e
boxoffice_build
# The money chaos run replays one fixed mix here, so a red run is the same mix for anyone who repeats
# it; set BOXOFFICE_CHAOS_SEED (and BOXOFFICE_CHAOS_OPS) to explore others.
export BOXOFFICE_CHAOS_SEED="${BOXOFFICE_CHAOS_SEED:-20261201}"
ctest --test-dir "$BOXOFFICE_BUILD" --output-on-failure -j"$(nproc)" "$@"
# The Debian packages built, checked with lintian and unpacked into a scratch root, whose programs
# answer --version and --help and whose systemd units start and stop (scripts/check-packages.sh).
"$BOXOFFICE_ROOT/scripts/check-packages.sh" "$BOXOFFICE_BUILD"
# The house style (.clang-format) on every C++ file.
"$BOXOFFICE_ROOT/scripts/check-format.sh"
# The fuzz targets (tests/fuzz), built with clang, each fed random inputs for a short while: a crash or
# a broken invariant fails the run. The long run is scripts/fuzz.sh --runs 1000000.
"$BOXOFFICE_ROOT/scripts/fuzz.sh" "${BOXOFFICE_FUZZ_SECONDS:-20}"
