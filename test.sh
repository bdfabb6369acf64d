#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test suite against a throwaway PostgreSQL cluster
# that the test fixture starts and removes again.
set -euo pipefail
source "$(dirname "$0")/scripts/common.sh"

boxoffice_install_missing "${BOXOFFICE_TEST_PACKAGES[@]}"
boxoffice_install_e2e
boxoffice_build
ctest --test-dir "$BOXOFFICE_BUILD" --output-on-failure -j"$(nproc)" "$@"
