#!/bin/bash
# scripts/check-packages.sh BUILD_DIR: builds the Debian packages in a configured build directory and
# checks them as an installation would see them (issue 18): lintian without errors, every program
# answering --version and --help from the unpacked files without a display, stripped binaries,
# dependencies found by dpkg-shlibdeps, valid desktop and AppStream files, and the fake payment
# provider in boxoffice-fakepay only. Exits non-zero on any failure.
set -uo pipefail

if [ $# -ne 1 ] || [ ! -f "$1/CMakeCache.txt" ]; then
    echo "usage: $0 BUILD_DIR   (a configured build directory)" >&2
    exit 2
fi
build="$(cd "$1" && pwd)"

failures=0
fail() {
    echo "FAIL  $*"
    failures=$((failures + 1))
}
pass() { echo "ok    $*"; }

echo "== Building the packages in $build"
if ! cmake --build "$build" -j"$(nproc)" --target package; then
    echo "FAIL  cmake --build $build --target package"
    exit 1
fi

# Only this version's packages: an older build may have left others next to them.
version="$(sed -n 's/^set(CPACK_PACKAGE_VERSION "\(.*\)")$/\1/p' "$build/CPackConfig.cmake")"
arch="$(dpkg --print-architecture)"
packages=(boxoffice boxoffice-server boxoffice-fakepay)
declare -A deb
for package in "${packages[@]}"; do
    deb[$package]="$build/${package}_${version}_${arch}.deb"
    if [ ! -f "${deb[$package]}" ]; then
        fail "no ${deb[$package]##*/}"
        exit 1
    fi
done

echo "== lintian"
lintian_errors=0
for package in "${packages[@]}"; do
    report="$(lintian --fail-on none "${deb[$package]}" 2>&1 | grep -v '^running with root privileges')"
    [ -n "$report" ] && echo "$report"
    errors="$(grep -c '^E:' <<<"$report")"
    lintian_errors=$((lintian_errors + errors))
    if [ "$errors" -eq 0 ]; then
        pass "lintian $package: no errors ($(grep -c '^W:' <<<"$report") warnings)"
    else
        fail "lintian $package: $errors errors"
    fi
done

root="$(mktemp -d)"
trap 'rm -rf "$root"' EXIT
for package in "${packages[@]}"; do
    dpkg -x "${deb[$package]}" "$root"
done

echo "== Dependencies"
for package in "${packages[@]}"; do
    depends="$(dpkg-deb -f "${deb[$package]}" Depends)"
    if grep -q 'libqt6core6' <<<"$depends"; then
        pass "$package depends on libqt6core6 (dpkg-shlibdeps ran)"
    else
        fail "$package: no libqt6core6 in Depends: $depends"
    fi
done

echo "== The fake payment provider"
# Listings kept in variables: grep -q closing a pipe early would kill dpkg-deb under pipefail.
for package in "${packages[@]}"; do
    listing="$(dpkg-deb -c "${deb[$package]}")"
    if [ "$package" = boxoffice-fakepay ]; then
        if grep -q ' \./usr/bin/boxoffice-fakepay$' <<<"$listing"; then
            pass "usr/bin/boxoffice-fakepay is in boxoffice-fakepay"
        else
            fail "boxoffice-fakepay lacks usr/bin/boxoffice-fakepay"
        fi
    elif grep -q 'fakepay' <<<"$listing"; then
        fail "$package holds the fake payment provider: $(grep 'fakepay' <<<"$listing" | tr -s ' ' | cut -d' ' -f6 | tr '\n' ' ')"
    else
        pass "$package has nothing of the fake payment provider"
    fi
done

echo "== The programs, from the unpacked packages"
programs=(boxoffice boxoffice-web boxoffice-ctl boxoffice-fakepay)
for program in "${programs[@]}"; do
    binary="$root/usr/bin/$program"
    if [ ! -x "$binary" ]; then
        fail "$program is not in any package"
        continue
    fi
    if file -L "$binary" | grep -q ', stripped'; then
        pass "$program is stripped"
    else
        fail "$program is not stripped: $(file -L "$binary")"
    fi
    # No display at all: --help and --version must not need one.
    if output="$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM timeout 30 "$binary" --version 2>&1)" \
        && grep -q "$version" <<<"$output"; then
        pass "$program --version: $output"
    else
        fail "$program --version: $output"
    fi
    if output="$(env -u DISPLAY -u WAYLAND_DISPLAY -u QT_QPA_PLATFORM timeout 30 "$binary" --help 2>&1)" \
        && grep -q -- '--help' <<<"$output"; then
        pass "$program --help"
    else
        fail "$program --help: $output"
    fi
    if [ -f "$root/usr/share/man/man1/$program.1.gz" ]; then
        pass "$program has a manual page"
    else
        fail "$program has no manual page"
    fi
done

echo "== Desktop integration"
metainfo=("$root"/usr/share/metainfo/*.metainfo.xml)
desktop=("$root"/usr/share/applications/*.desktop)
if [ -f "${metainfo[0]}" ] && appstreamcli validate --no-net "${metainfo[@]}"; then
    pass "appstreamcli validate ${metainfo[*]##*/}"
else
    fail "appstreamcli validate ${metainfo[*]##*/}"
fi
if [ ! -f "${desktop[0]}" ]; then
    fail "no .desktop file"
elif command -v desktop-file-validate >/dev/null; then
    if desktop-file-validate "${desktop[@]}"; then
        pass "desktop-file-validate ${desktop[*]##*/}"
    else
        fail "desktop-file-validate ${desktop[*]##*/}"
    fi
else
    echo "skip  desktop-file-validate (package desktop-file-utils) is not installed"
fi
icon="$(sed -n 's/^Icon=//p' "${desktop[0]}" 2>/dev/null)"
if [ -n "$icon" ] && [ -f "$root/usr/share/icons/hicolor/scalable/apps/$icon.svg" ]; then
    pass "the menu's icon $icon.svg is installed"
else
    fail "no icon $icon.svg in share/icons/hicolor/scalable/apps"
fi

echo "== The systemd units, started as systemd would, with the packaged programs and settings"
if BOXOFFICE_INSTALLED_ROOT="$root" ctest --test-dir "$build" -R '^tst_serviceunits$' --output-on-failure > "$root/units.log" 2>&1; then
    pass "boxoffice-web.service and boxoffice-worker.service: ready, watchdog, reconnect, clean stop (tst_serviceunits)"
else
    cat "$root/units.log"
    fail "the packaged units (tst_serviceunits with BOXOFFICE_INSTALLED_ROOT)"
fi

echo "== Summary"
for package in "${packages[@]}"; do
    printf '%-20s %s\n' "$package" "$(dpkg-deb -f "${deb[$package]}" Installed-Size) KiB, ${deb[$package]##*/}"
done
echo "lintian errors: $lintian_errors"
if [ "$failures" -ne 0 ]; then
    echo "$failures check(s) failed"
    exit 1
fi
echo "All package checks passed"
