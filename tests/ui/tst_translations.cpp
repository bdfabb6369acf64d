// The German desk: the translation embedded in the program loads for a German system, the desk's
// labels and buttons, Qt's own buttons, money, plural forms and domain errors come out in German,
// and the .ts files are complete: every string in the sources is in the German file, translated, with
// its placeholders and mnemonic, and every English plural form is written.

#include "domain/countersale.h"
#include "domain/door.h"
#include "ui/common/errortext.h"
#include "ui/common/money.h"
#include "ui/common/translations.h"
#include "ui/desk/deskwindow.h"
#include "ui/sale/cartmodel.h"
#include "ui/sale/paymentdialog.h"
#include "ui/sale/serverclock.h"

#include <QDialogButtonBox>
#include <QLibraryInfo>
#include <QProcess>
#include <QPushButton>
#include <QRegularExpression>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QTranslator>
#include <QXmlStreamReader>
#include <QtTest>

using namespace boxoffice;

namespace {

struct Message
{
    QString context;
    QString source;
    QString comment;
    bool numerus = false;
    QString type; // "unfinished", "vanished", "obsolete" or empty
    QStringList translations; // one, or one per plural form
    QString key() const { return context + QLatin1Char('\x1f') + source + QLatin1Char('\x1f') + comment; }
};

QVector<Message> readTs(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QVector<Message> messages;
    QXmlStreamReader xml(&file);
    QString context;
    Message current;
    while (!xml.atEnd()) {
        xml.readNext();
        if (!xml.isStartElement())
            continue;
        const auto name = xml.name();
        if (name == QLatin1String("name")) {
            context = xml.readElementText();
        } else if (name == QLatin1String("message")) {
            current = Message{context, {}, {}, xml.attributes().value(QLatin1String("numerus")) == QLatin1String("yes"),
                              {},      {}};
            messages << current;
        } else if (name == QLatin1String("source")) {
            messages.last().source = xml.readElementText();
        } else if (name == QLatin1String("comment")) {
            messages.last().comment = xml.readElementText();
        } else if (name == QLatin1String("translation")) {
            messages.last().type = xml.attributes().value(QLatin1String("type")).toString();
            if (!messages.last().numerus)
                messages.last().translations << xml.readElementText();
        } else if (name == QLatin1String("numerusform")) {
            messages.last().translations << xml.readElementText();
        }
    }
    return messages;
}

QString tsPath(const char *language)
{
    return QStringLiteral(BOXOFFICE_TRANSLATIONS_DIR "/boxoffice_%1.ts").arg(QLatin1String(language));
}

QStringList placeholders(const QString &text)
{
    static const QRegularExpression marker(QStringLiteral("%(\\d|n)"));
    QStringList found;
    for (auto it = marker.globalMatch(text); it.hasNext();)
        found << it.next().captured();
    found.sort();
    found.removeDuplicates();
    return found;
}

int mnemonics(const QString &text)
{
    return int(QString(text).remove(QStringLiteral("&&")).count(QLatin1Char('&')));
}

} // namespace

class TestTranslations : public QObject
{
    Q_OBJECT

private slots:
    void initTestCase();
    void germanLoadsFromTheProgram();
    void deskSpeaksGerman();
    void pluralForms_data();
    void pluralForms();
    void errorsAreWordedInGerman();
    void rulesSetTheirReason();
    void englishKeepsTheDomainsMessage();
    void moneyFollowsTheLocale();
    void germanFileIsComplete();
    void englishPluralsAreWritten();
    void everySourceStringIsInTheGermanFile();

private:
    QString m_language;
};

void TestTranslations::initTestCase()
{
    m_language = installTranslations(*QCoreApplication::instance(), QLocale(QLocale::German, QLocale::Germany));
}

void TestTranslations::germanLoadsFromTheProgram()
{
    QCOMPARE(m_language, QStringLiteral("de"));
    QVERIFY(QFile::exists(QStringLiteral(":/i18n/boxoffice_de.qm")));
    QVERIFY(QFile::exists(QStringLiteral(":/i18n/boxoffice_en.qm")));
    QCOMPARE(QCoreApplication::translate("boxoffice::DeskWindow", "Door"), QStringLiteral("Einlass"));
    QCOMPARE(QLocale().language(), QLocale::German);
}

void TestTranslations::deskSpeaksGerman()
{
    ServerClock clock;
    DeskWindow window(StaffIdentity{QStringLiteral("clerk"), StaffRole::Clerk, QString()}, clock, nullptr);
    QTabWidget *pages = window.pages();
    QStringList tabs;
    for (int i = 0; i < pages->count(); ++i)
        tabs << pages->tabText(i);
    QVERIFY2(tabs.mid(0, 4)
                 == QStringList({QStringLiteral("Kasse"), QStringLiteral("Hotelrezeption"), QStringLiteral("Einlass"),
                                 QStringLiteral("Bestellungen")}),
             qPrintable(tabs.join(QLatin1Char(','))));
    QStringList buttons;
    for (QPushButton *button : window.findChildren<QPushButton *>())
        buttons << button->text();
    for (const char *expected :
         {"Auswahl &reservieren", "&Freigeben", "Verkauf: bar (F9)", "Verkauf: Karte (F10)", "&Beste Plätze"})
        QVERIFY2(buttons.contains(QString::fromUtf8(expected)), expected);
    QCOMPARE(window.cart()->headerData(0, Qt::Horizontal).toString(), QStringLiteral("Position"));
    QVERIFY2(window.windowTitle().startsWith(QStringLiteral("Kasse — keine Vorstellung")),
             qPrintable(window.windowTitle()));

    PaymentDialog payment(Money(8500, QStringLiteral("EUR")), PaymentMethod::Cash);
    QCOMPARE(payment.windowTitle(), QStringLiteral("Zahlung annehmen"));
    auto *box = payment.findChild<QDialogButtonBox *>();
    QVERIFY(box);
    QCOMPARE(box->button(QDialogButtonBox::Ok)->text(), QStringLiteral("&Verkaufen"));
    // Qt's own buttons come from Qt's translation where the system has it (qt6-translations-l10n).
    if (QFile::exists(QLibraryInfo::path(QLibraryInfo::TranslationsPath) + QStringLiteral("/qtbase_de.qm")))
        QCOMPARE(box->button(QDialogButtonBox::Cancel)->text(), QStringLiteral("Abbrechen"));
}

void TestTranslations::pluralForms_data()
{
    QTest::addColumn<int>("count");
    QTest::addColumn<QString>("german");
    QTest::addColumn<QString>("english");
    QTest::newRow("one") << 1 << QStringLiteral("1 Reservierung verlängert.") << QStringLiteral("Extended 1 hold.");
    QTest::newRow("two") << 2 << QStringLiteral("2 Reservierungen verlängert.") << QStringLiteral("Extended 2 holds.");
    QTest::newRow("none") << 0 << QStringLiteral("0 Reservierungen verlängert.") << QStringLiteral("Extended 0 holds.");
}

void TestTranslations::pluralForms()
{
    QFETCH(int, count);
    QFETCH(QString, german);
    QFETCH(QString, english);
    QCOMPARE(QCoreApplication::translate("boxoffice::DeskWindow", "Extended %n hold(s).", nullptr, count), german);
    QTranslator englishOnly;
    QVERIFY(englishOnly.load(QStringLiteral(":/i18n/boxoffice_en.qm")));
    QCOMPARE(englishOnly.translate("boxoffice::DeskWindow", "Extended %n hold(s).", nullptr, count)
                 .replace(QStringLiteral("%n"), QString::number(count)),
             english);
}

void TestTranslations::errorsAreWordedInGerman()
{
    const DomainError shortCash = withReason(
        makeError(ErrorCode::BadInput, QStringLiteral("The cash handed over is less than the amount due.")),
        ErrorReason::CashShort);
    QCOMPARE(errorText(shortCash), QStringLiteral("Das erhaltene Bargeld ist weniger als der fällige Betrag."));
    const DomainError taken
        = withReason(makeError(ErrorCode::Lost, QStringLiteral("Seats A-1-1, A-1-2 were just taken."),
                               {QStringLiteral("A-1-1"), QStringLiteral("A-1-2")}),
                     ErrorReason::SeatTaken);
    QVERIFY2(errorText(taken).startsWith(QStringLiteral("2 Plätze gingen gerade an andere Käufer: A-1-1 und A-1-2.")),
             qPrintable(errorText(taken)));
    // No reason: the code is worded, never the domain's English.
    const DomainError busy = makeError(ErrorCode::Busy, QStringLiteral("The database was busy while holding seats."));
    QCOMPARE(errorText(busy),
             QStringLiteral("Der Server war ausgelastet, nichts wurde geändert. Bitte erneut versuchen."));
    const DomainError odd = makeError(ErrorCode::Internal, QStringLiteral("Unexpected database error while x."));
    QVERIFY(!errorText(odd).contains(QStringLiteral("database")));
}

// The producers the desk words by reason set it (the storage producers are covered by the desk suites).
void TestTranslations::rulesSetTheirReason()
{
    CounterPayment cash;
    cash.tendered = Money(1000, QStringLiteral("EUR"));
    const Status shortCash = CounterPaymentRules::check(cash, Money(2000, QStringLiteral("EUR")));
    QVERIFY(!shortCash);
    QCOMPARE(shortCash.error().reason, QLatin1String(ErrorReason::CashShort));
    CounterPayment card;
    card.method = PaymentMethod::Card;
    const Status noReference = CounterPaymentRules::check(card, Money(2000, QStringLiteral("EUR")));
    QVERIFY(!noReference);
    QCOMPARE(noReference.error().reason, QLatin1String(ErrorReason::CardReferenceMissing));
    const auto noGate = DoorRules::gate(QStringLiteral("  "));
    QVERIFY(!noGate);
    QCOMPARE(noGate.error().reason, QLatin1String(ErrorReason::GateMissing));
    QCOMPARE(errorText(noGate.error()),
             QStringLiteral("Geben Sie den Eingang an, an dem dieser Scanner steht, z. B. „Eingang 2“."));
}

// Without a translation that words errors, the domain's English message (naming seats and dates) is shown.
void TestTranslations::englishKeepsTheDomainsMessage()
{
    const QList<QTranslator *> installed = QCoreApplication::instance()->findChildren<QTranslator *>();
    for (QTranslator *translator : installed)
        QCoreApplication::removeTranslator(translator);
    QTranslator english;
    QVERIFY(english.load(QStringLiteral(":/i18n/boxoffice_en.qm")));
    QCoreApplication::installTranslator(&english);
    const DomainError taken = withReason(
        makeError(ErrorCode::Lost, QStringLiteral("Seat A-1-1 was just taken by another buyer; nothing was held."),
                  {QStringLiteral("A-1-1")}),
        ErrorReason::SeatTaken);
    const QString shown = errorText(taken);
    QCoreApplication::removeTranslator(&english);
    for (QTranslator *translator : installed)
        QCoreApplication::installTranslator(translator);
    QCOMPARE(shown, taken.message);
    QVERIFY(errorText(taken).startsWith(QStringLiteral("1 Platz ging gerade")));
}

void TestTranslations::moneyFollowsTheLocale()
{
    QCOMPARE(formatMoney(123450, QStringLiteral("EUR")), QStringLiteral("1.234,50\u00a0€"));
    QCOMPARE(formatMoney(-500, QStringLiteral("EUR")), QStringLiteral("-5,00\u00a0€"));
    QCOMPARE(Money::read(QStringLiteral("1.234,50"), QStringLiteral("EUR")).value_or(Money()),
             Money(123450, QStringLiteral("EUR")));
    const QLocale german;
    QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    QCOMPARE(formatMoney(123450, QStringLiteral("EUR")), QStringLiteral("€1,234.50"));
    QLocale::setDefault(german);
}

void TestTranslations::germanFileIsComplete()
{
    const QVector<Message> german = readTs(tsPath("de"));
    QVERIFY(german.size() > 400);
    QStringList problems;
    for (const Message &m : german) {
        const QString where = m.context + QStringLiteral(": ") + m.source;
        if (!m.type.isEmpty())
            problems << where + QStringLiteral(" is ") + m.type;
        if (m.translations.isEmpty() || m.translations.contains(QString()))
            problems << where + QStringLiteral(" has an empty translation");
        if (m.numerus && m.translations.size() != 2)
            problems << where + QStringLiteral(" needs two plural forms");
        for (const QString &translation : m.translations) {
            QStringList wanted = placeholders(m.source);
            // A singular form may spell the number out ("eine Nacht"); every other placeholder stays.
            QStringList have = placeholders(translation);
            if (m.numerus && wanted.contains(QStringLiteral("%n")) && !have.contains(QStringLiteral("%n")))
                have << QStringLiteral("%n"), have.sort();
            if (have != wanted)
                problems << where + QStringLiteral(" loses or adds a placeholder: ") + translation;
            if (mnemonics(m.source) != mnemonics(translation))
                problems << where + QStringLiteral(" loses or adds its & mnemonic: ") + translation;
        }
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

void TestTranslations::englishPluralsAreWritten()
{
    const QVector<Message> english = readTs(tsPath("en"));
    QVERIFY(!english.isEmpty());
    QSet<QString> germanKeys;
    for (const Message &m : readTs(tsPath("de")))
        germanKeys << m.key();
    QStringList problems;
    for (const Message &m : english) {
        if (!germanKeys.contains(m.key()))
            problems << m.context + QStringLiteral(": ") + m.source + QStringLiteral(" is not in the German file");
        if (m.numerus && (!m.type.isEmpty() || m.translations.size() != 2 || m.translations.contains(QString())))
            problems << m.context + QStringLiteral(": ") + m.source + QStringLiteral(" has no English plural forms");
    }
    QVERIFY2(problems.isEmpty(), qPrintable(problems.join(QLatin1Char('\n'))));
}

// lupdate over today's sources: a string added without `cmake --build build --target
// update_translations` (and translating it) is found here.
void TestTranslations::everySourceStringIsInTheGermanFile()
{
    QTemporaryDir scratch;
    QVERIFY(scratch.isValid());
    const QString fresh = scratch.filePath(QStringLiteral("fresh_de.ts"));
    QProcess lupdate;
    lupdate.setProcessChannelMode(QProcess::MergedChannels);
    lupdate.start(QStringLiteral(BOXOFFICE_LUPDATE),
                  {QStringLiteral("-silent"), QStringLiteral("-locations"), QStringLiteral("none"),
                   QStringLiteral("-extensions"), QStringLiteral("h,cpp"), QStringLiteral("-I"),
                   QStringLiteral(BOXOFFICE_SOURCE_DIR), QStringLiteral(BOXOFFICE_SOURCE_DIR "/ui"),
                   QStringLiteral(BOXOFFICE_SOURCE_DIR "/app/desktop"), QStringLiteral("-ts"), fresh});
    QVERIFY(lupdate.waitForFinished(120000));
    QVERIFY2(lupdate.exitCode() == 0, lupdate.readAll().constData());
    QSet<QString> german;
    for (const Message &m : readTs(tsPath("de")))
        german << m.key();
    QStringList missing;
    const QVector<Message> wanted = readTs(fresh);
    QVERIFY(wanted.size() > 400);
    for (const Message &m : wanted) {
        if (!german.contains(m.key()))
            missing << m.context + QStringLiteral(": ") + m.source;
    }
    QVERIFY2(missing.isEmpty(),
             qPrintable(QStringLiteral("Not in boxoffice_de.ts (run cmake --build build --target "
                                       "update_translations, then translate):\n")
                        + missing.join(QLatin1Char('\n'))));
}

QTEST_MAIN(TestTranslations)
#include "tst_translations.moc"
