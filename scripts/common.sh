# Shared by run.sh and test.sh: install what is missing from Debian, then configure and build.
# Sourced, not executed.

BOXOFFICE_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BOXOFFICE_BUILD="${BOXOFFICE_BUILD:-$BOXOFFICE_ROOT/build}"

# Exactly what building, running and testing need; nothing is installed twice.
BOXOFFICE_PACKAGES=(
    g++ cmake ninja-build pkg-config
    qt6-base-dev qt6-base-dev-tools libqt6sql6-psql libpq-dev
    libqrencode-dev fonts-dejavu-core qt6-tools-dev qt6-l10n-tools qt6-translations-l10n
    postgresql-15 acl util-linux
    libhiredis-dev libcurl4-openssl-dev libsodium-dev
    librabbitmq-dev
    libsystemd-dev
)

# What only the tests need besides: reading back printed tickets (PDF to image, QR decoding), a
# browser for the buyer's page, nginx and openssl for the page behind a real TLS front, Redis, and
# clang with libFuzzer for the fuzz targets (tests/fuzz), an SMTP server to send mail to (aiosmtpd), and
# a RabbitMQ broker the ticket queue's tests start private nodes of (rabbitmq-server), and pgbouncer, which
# tst_pgbouncer runs in front of the web channel and the worker.
# Node.js is taken from Debian only when the machine has none.
BOXOFFICE_TEST_PACKAGES=(poppler-utils zbar-tools chromium redis-server nginx openssl clang libclang-rt-14-dev
    python3-aiosmtpd rabbitmq-server pgbouncer
    # The Debian packages and their check (scripts/check-packages.sh): manual pages, dpkg-shlibdeps,
    # lintian, AppStream and desktop-entry validation, `file` for stripped binaries.
    help2man dpkg-dev lintian appstream desktop-file-utils file
    # The house style's check (scripts/check-format.sh).
    clang-format-14
    # The failover test's formation (tst_failover): pg_auto_failover's monitor, keeper and extension.
    pg-auto-failover-cli postgresql-15-auto-failover)
command -v node >/dev/null || BOXOFFICE_TEST_PACKAGES+=(nodejs)
command -v npm >/dev/null || BOXOFFICE_TEST_PACKAGES+=(npm)

# The browser driver for the buyer-page test, from the npm registry by name and pinned version
# (tests/web/e2e/package.json), installed once next to the test script.
# The OpenAPI validator tst_webapi checks every answer with (tests/web/openapi/package.json), likewise.
# Stripe's official Node.js library for the payment contract test tst_stripecontract
# (tests/payments/contract/package.json, one exact version), likewise.
boxoffice_install_e2e() {
    local e2e="$BOXOFFICE_ROOT/tests/web/e2e" openapi="$BOXOFFICE_ROOT/tests/web/openapi"
    local contract="$BOXOFFICE_ROOT/tests/payments/contract"
    if [ ! -d "$e2e/node_modules/playwright-core" ] || [ ! -d "$e2e/node_modules/axe-core" ]; then
        echo "Installing the browser driver and axe-core for the shop's browser tests (npm)"
        npm install --prefix "$e2e" --no-audit --no-fund --no-package-lock --loglevel=error
    fi
    if [ ! -d "$openapi/node_modules/@apidevtools/swagger-parser" ]; then
        echo "Installing the OpenAPI validator for the web API test (npm)"
        npm install --prefix "$openapi" --no-audit --no-fund --no-package-lock --loglevel=error
    fi
    if [ ! -f "$contract/node_modules/stripe/package.json" ]; then
        echo "Installing Stripe's Node.js library for the payment contract test (npm)"
        npm install --prefix "$contract" --no-audit --no-fund --no-package-lock --loglevel=error
    fi
}

# boxoffice_install_missing [extra packages...]
boxoffice_install_missing() {
    local missing=() package
    for package in "${BOXOFFICE_PACKAGES[@]}" "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
    done
    if ((${#missing[@]} == 0)); then
        return 0
    fi
    local sudo=()
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { echo "Need root or sudo to install: ${missing[*]}" >&2; return 1; }
        sudo=(sudo)
    fi
    echo "Installing: ${missing[*]}"
    "${sudo[@]}" apt-get update -qq
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}"
}

# Optimised as the packages are, without debug information: it costs a quarter of every compile and
# most of the link time, and neither the tests nor the stripped packages use it. A build to debug in
# is one cmake call away (-DCMAKE_BUILD_TYPE=RelWithDebInfo or Debug, in a build folder of its own).
# Linked by gold (binutils' own, always there with g++): a third of the CPU time of ld.bfd for each of
# the hundred-odd programs and test suites.
boxoffice_build() {
    cmake -S "$BOXOFFICE_ROOT" -B "$BOXOFFICE_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release \
        -DCMAKE_CXX_FLAGS_RELEASE="-O2 -DNDEBUG" -DCMAKE_C_FLAGS_RELEASE="-O2 -DNDEBUG" \
        -DCMAKE_EXE_LINKER_FLAGS="-fuse-ld=gold" -DCMAKE_SHARED_LINKER_FLAGS="-fuse-ld=gold" >/dev/null
    cmake --build "$BOXOFFICE_BUILD" -j"$(nproc)"
}
