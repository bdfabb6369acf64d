#pragma once

#include <QLocale>
#include <QString>

class QCoreApplication;

namespace boxoffice {

// The language the desk speaks: the QSettings value "desk/language" ("de", "en") when a clerk chose
// one, otherwise the system's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG on Linux).
QLocale deskLocale();

// Installs the desk's translation (embedded under :/i18n) for the first of `locale`'s UI languages
// that has one, English otherwise (its plural forms), and Qt's own translation of its dialogs and
// buttons when the system has it (Debian: qt6-translations-l10n). Makes `locale` the default, so
// money and dates follow it. Returns the language loaded ("de", "en").
QString installTranslations(QCoreApplication &app, const QLocale &locale = deskLocale());

} // namespace boxoffice
