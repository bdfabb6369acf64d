#pragma once

#include <QString>
#include <QtGlobal>

namespace boxoffice {

// When stderr goes to the journal (systemd sets JOURNAL_STREAM to its device and inode), each log
// line starts with its syslog priority, "<3>" for an error up to "<7>" for debug, so `journalctl -p
// warning` finds the warnings. Elsewhere (a terminal, a test) lines stay as they are. Call once, early.
void routeLogsToJournalWhenItListens();
// For lines a program writes to stderr itself: "<3>" for an error when the journal listens, else "".
QString journalPriority(QtMsgType type);

} // namespace boxoffice
