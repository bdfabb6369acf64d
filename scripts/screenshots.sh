#!/usr/bin/env bash
# Draws the README's screenshots of the desk with the real window on a virtual display (Xvfb): the
# sign-in dialog, the demo theatre and the 50,000-seat stadium with seats sold and held by other buyers
# and a running countdown in the cart, the door after a second scan of one ticket (--door-only: that one,
# without the stadium), and the front desk's money dialogs (--money-dialogs: those only, no
# database). Uses (and fills) your private demo database.
set -euo pipefail
source "$(dirname "$0")/common.sh"

boxoffice_install_missing xvfb xauth
boxoffice_build
out="${1:-$BOXOFFICE_ROOT/docs}"
mkdir -p "$out"
xvfb-run --auto-servernum --server-args="-screen 0 1700x1050x24" \
    "$BOXOFFICE_BUILD/tests/boxoffice-deskshots" --out "$out"
# The Till tab at the end of an evening (its own tills and sales, at a terminal named "Box office 1").
xvfb-run --auto-servernum --server-args="-screen 0 1700x1050x24" \
    "$BOXOFFICE_BUILD/tests/boxoffice-deskshots" --till-only --out "$out"
ls -l "$out"/desk-*.png
# The German desk (docs/desk-german.png and its payment dialog): the same program under a German
# system language. It draws the other pictures too, in German, so it writes to a scratch folder.
german="$(mktemp -d)"
LANGUAGE=de LANG=de_DE.UTF-8 xvfb-run --auto-servernum --server-args="-screen 0 1700x1050x24" \
    "$BOXOFFICE_BUILD/tests/boxoffice-deskshots" --german-only --out "$german"
cp "$german"/desk-german.png "$german"/desk-german-payment.png "$out"/
rm -rf "$german"
ls -l "$out"/desk-german*.png
