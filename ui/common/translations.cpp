#include "ui/common/translations.h"

#include <QCoreApplication>
#include <QLibraryInfo>
#include <QSettings>
#include <QTranslator>

namespace boxoffice {

QLocale deskLocale()
{
    const QString chosen = QSettings().value(QStringLiteral("desk/language")).toString().trimmed();
    return chosen.isEmpty() ? QLocale::system() : QLocale(chosen);
}

QString installTranslations(QCoreApplication &app, const QLocale &locale)
{
    QLocale::setDefault(locale);
    auto *own = new QTranslator(&app);
    // A language we have no file for still gets English plural forms ("1 seat", not "1 seat(s)").
    if (!own->load(locale, QStringLiteral("boxoffice"), QStringLiteral("_"), QStringLiteral(":/i18n"))
        && !own->load(QStringLiteral("boxoffice_en"), QStringLiteral(":/i18n"))) {
        delete own;
        return QString();
    }
    QCoreApplication::installTranslator(own);
    const QString language = own->language().section(QLatin1Char('_'), 0, 0);
    if (language != QLatin1String("en")) {
        auto *qt = new QTranslator(&app);
        if (qt->load(locale, QStringLiteral("qtbase"), QStringLiteral("_"),
                     QLibraryInfo::path(QLibraryInfo::TranslationsPath)))
            QCoreApplication::installTranslator(qt);
        else
            delete qt;
    }
    return language;
}

} // namespace boxoffice
