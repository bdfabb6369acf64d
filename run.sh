#!/usr/bin/env bash
# Installs what is missing, builds, starts the private database with the demo (theatre, hotel,
# restaurant, and the clerk and manager sign-ins), shows the demo event's seats, and opens the desktop.
# Pass --stadium to load the 50,000-seat stadium as well.
set -euo pipefail
source "$(dirname "$0")/scripts/common.sh"

boxoffice_install_missing
boxoffice_build

ctl="$BOXOFFICE_BUILD/app/ctl/boxoffice-ctl"
seeded="$("$ctl" seed-demo "$@")"
printf '%s\n' "$seeded"
# "Demo Theatre: 1208 seats, event 1" names the demo event
event="$(printf '%s\n' "$seeded" | sed -n 's/^Demo Theatre:.*event \([0-9]*\).*/\1/p')"
echo
"$ctl" availability --event "$event"
echo
if [ -n "${DISPLAY:-}${WAYLAND_DISPLAY:-}" ]; then
    echo "Opening the box-office desktop: sign in as clerk / clerk-demo-pass (or manager / manager-demo-pass)."
    "$BOXOFFICE_BUILD/app/desktop/boxoffice" --event "$event" || true
else
    echo "No display here: on a desktop session, open the box office with $BOXOFFICE_BUILD/app/desktop/boxoffice"
fi
echo "The private database keeps running for the next command; stop it with: $ctl db stop"
