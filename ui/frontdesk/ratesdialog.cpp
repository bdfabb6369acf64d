#include "ui/frontdesk/ratesdialog.h"

#include "ui/common/errortext.h"
#include "ui/common/money.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDateEdit>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QGroupBox>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QTableWidget>
#include <QVBoxLayout>

namespace boxoffice {

namespace {

QString nightsText(int weekdays)
{
    if (weekdays == RateRule::everyNight)
        return RatesDialog::tr("Every night");
    QStringList days;
    for (int day = Qt::Monday; day <= Qt::Sunday; ++day) {
        if (weekdays & RateRule::bitOf(day))
            days << QLocale().dayName(day, QLocale::ShortFormat);
    }
    return days.join(QStringLiteral(", "));
}

QString dateText(const QDate &date)
{
    return QLocale().toString(date,
                              RatesDialog::tr("ddd d MMM yyyy", "date format (QLocale): weekday, day, month, year"));
}

QTableWidgetItem *cell(const QString &text, Qt::Alignment align = Qt::AlignLeft | Qt::AlignVCenter)
{
    auto *item = new QTableWidgetItem(text);
    item->setTextAlignment(align);
    item->setFlags(Qt::ItemIsSelectable | Qt::ItemIsEnabled);
    return item;
}

} // namespace

RatesDialog::RatesDialog(RateService &rates, DatabaseCalls calls, const HotelSummary &hotel, bool manager,
                         QWidget *parent)
    : QDialog(parent), m_rates(rates), m_calls(std::move(calls)), m_hotel(hotel), m_manager(manager)
{
    setWindowTitle(tr("Room rates: %1").arg(hotel.name));
    auto *layout = new QVBoxLayout(this);
    auto *typeRow = new QHBoxLayout;
    auto *typeLabel = new QLabel(tr("&Room type:"));
    m_roomTypes = new QComboBox;
    m_roomTypes->setObjectName(QStringLiteral("rateRoomType"));
    typeLabel->setBuddy(m_roomTypes);
    for (const RoomTypeSummary &type : hotel.roomTypes)
        m_roomTypes->addItem(tr("%1 %2 (without a rate: %3 a night)").arg(type.code, type.name, type.price.text()),
                             type.id);
    typeRow->addWidget(typeLabel);
    typeRow->addWidget(m_roomTypes, 1);
    layout->addLayout(typeRow);

    auto *explain = new QLabel(tr("Where rates overlap, the one over fewer nights wins; over the same nights, one for "
                                  "some weekdays wins over one for every night; then the one added last."));
    explain->setWordWrap(true);
    layout->addWidget(explain);

    auto *columns = new QHBoxLayout;
    auto *left = new QVBoxLayout;
    m_rules = new QTableWidget(0, 5);
    m_rules->setObjectName(QStringLiteral("rateRules"));
    m_rules->setAccessibleName(tr("Rates of the room type"));
    m_rules->setHorizontalHeaderLabels(
        {tr("Rate"), tr("First night"), tr("Last night"), tr("Nights"), tr("Price a night")});
    m_rules->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_rules->setSelectionMode(QAbstractItemView::SingleSelection);
    m_rules->verticalHeader()->hide();
    m_rules->horizontalHeader()->setStretchLastSection(true);
    left->addWidget(m_rules, 1);
    m_remove = new QPushButton(tr("Re&move the selected rate"));
    m_remove->setObjectName(QStringLiteral("removeRate"));
    m_remove->setEnabled(false);
    left->addWidget(m_remove, 0, Qt::AlignLeft);
    left->addWidget(buildForm());
    columns->addLayout(left, 5);

    auto *right = new QVBoxLayout;
    m_previewTitle = new QLabel;
    m_previewTitle->setWordWrap(true);
    right->addWidget(m_previewTitle);
    m_previewTable = new QTableWidget(0, 3);
    m_previewTable->setObjectName(QStringLiteral("ratePreview"));
    m_previewTable->setAccessibleName(tr("Price of each night"));
    m_previewTable->setHorizontalHeaderLabels({tr("Night"), tr("Price"), tr("From")});
    m_previewTable->verticalHeader()->hide();
    m_previewTable->horizontalHeader()->setStretchLastSection(true);
    m_previewTable->setSelectionMode(QAbstractItemView::NoSelection);
    right->addWidget(m_previewTable, 1);
    columns->addLayout(right, 4);
    layout->addLayout(columns, 1);

    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("rateMessage"));
    m_message->setWordWrap(true);
    layout->addWidget(m_message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);

    connect(m_roomTypes, &QComboBox::currentIndexChanged, this, [this] {
        showRules();
        updatePreview();
    });
    connect(m_rules, &QTableWidget::itemSelectionChanged, this,
            [this] { m_remove->setEnabled(m_manager && !m_rules->selectedItems().isEmpty()); });
    connect(m_remove, &QPushButton::clicked, this, &RatesDialog::removeSelectedRate);
    connect(m_add, &QPushButton::clicked, this, &RatesDialog::addRate);
    if (!m_manager) {
        m_add->setEnabled(false);
        m_add->setToolTip(tr("A manager sets room rates."));
        m_remove->setToolTip(tr("A manager sets room rates."));
    }
    resize(1180, 600);
    reload();
}

QGroupBox *RatesDialog::buildForm()
{
    auto *box = new QGroupBox(tr("Add a rate"));
    box->setObjectName(QStringLiteral("rateForm"));
    auto *form = new QFormLayout(box);
    m_name = new QLineEdit;
    m_name->setObjectName(QStringLiteral("rateName"));
    m_name->setPlaceholderText(tr("e.g. Summer season, Weekend"));
    form->addRow(tr("&Name:"), m_name);
    const QDate today = m_hotel.firstNight.isValid() ? m_hotel.firstNight : QDate::currentDate();
    auto *nights = new QHBoxLayout;
    m_first = new QDateEdit(today);
    m_first->setObjectName(QStringLiteral("rateFirstNight"));
    m_first->setCalendarPopup(true);
    m_first->setAccessibleName(tr("First night"));
    m_last = new QDateEdit(today.addDays(30));
    m_last->setObjectName(QStringLiteral("rateLastNight"));
    m_last->setCalendarPopup(true);
    m_last->setAccessibleName(tr("Last night"));
    for (QDateEdit *edit : {m_first, m_last})
        edit->setDisplayFormat(tr("ddd d MMM yyyy", "date format (QDateEdit): weekday, day, month, year"));
    nights->addWidget(m_first);
    nights->addWidget(new QLabel(tr("to")));
    nights->addWidget(m_last);
    nights->addStretch();
    auto *nightsLabel = new QLabel(tr("&First to last night:"));
    nightsLabel->setBuddy(m_first);
    form->addRow(nightsLabel, nights);
    auto *days = new QHBoxLayout;
    for (int day = Qt::Monday; day <= Qt::Sunday; ++day) {
        auto *dayBox = new QCheckBox(QLocale().dayName(day, QLocale::ShortFormat));
        dayBox->setObjectName(QStringLiteral("rateDay%1").arg(day));
        days->addWidget(dayBox);
        m_days << dayBox;
        connect(dayBox, &QCheckBox::toggled, this, &RatesDialog::updatePreview);
    }
    m_weekend = new QPushButton(tr("&Weekend"));
    m_weekend->setObjectName(QStringLiteral("rateWeekend"));
    m_weekend->setToolTip(tr("Friday and Saturday nights"));
    days->addWidget(m_weekend);
    days->addStretch();
    form->addRow(tr("Only on (none: every night):"), days);
    m_price = new QLineEdit;
    m_price->setObjectName(QStringLiteral("ratePrice"));
    m_price->setPlaceholderText(Money(15000, m_hotel.currency).inputText());
    form->addRow(tr("&Price a night (%1):").arg(m_hotel.currency), m_price);
    m_add = new QPushButton(tr("&Add the rate"));
    m_add->setObjectName(QStringLiteral("addRate"));
    form->addRow(QString(), m_add);

    connect(m_weekend, &QPushButton::clicked, this, [this] {
        for (int day = Qt::Monday; day <= Qt::Sunday; ++day)
            m_days.at(day - 1)->setChecked(day == Qt::Friday || day == Qt::Saturday);
    });
    connect(m_first, &QDateEdit::dateChanged, this, &RatesDialog::updatePreview);
    connect(m_last, &QDateEdit::dateChanged, this, &RatesDialog::updatePreview);
    connect(m_price, &QLineEdit::textChanged, this, &RatesDialog::updatePreview);
    connect(m_name, &QLineEdit::textChanged, this, &RatesDialog::updatePreview);
    return box;
}

RoomTypeSummary RatesDialog::currentType() const
{
    const RoomTypeId id = m_roomTypes->currentData().toLongLong();
    for (const RoomTypeSummary &type : m_hotel.roomTypes) {
        if (type.id == id)
            return type;
    }
    return {};
}

void RatesDialog::reload()
{
    const auto rules = m_calls([&] { return m_rates.rules(m_hotel.id); });
    if (!rules) {
        say(errorText(rules.error()), true);
        return;
    }
    m_all = rules.value();
    showRules();
    updatePreview();
}

void RatesDialog::showRules()
{
    const RoomTypeId type = currentType().id;
    m_shown.clear();
    for (const RateRule &rule : m_all) {
        if (rule.roomType == type)
            m_shown << rule;
    }
    m_rules->setRowCount(int(m_shown.size()));
    for (int row = 0; row < m_shown.size(); ++row) {
        const RateRule &rule = m_shown.at(row);
        m_rules->setItem(row, 0, cell(rule.name));
        m_rules->setItem(row, 1, cell(dateText(rule.firstNight)));
        m_rules->setItem(row, 2, cell(dateText(rule.lastNight)));
        m_rules->setItem(row, 3, cell(nightsText(rule.weekdays)));
        m_rules->setItem(row, 4, cell(rule.price.text(), Qt::AlignRight | Qt::AlignVCenter));
    }
    m_rules->resizeColumnsToContents();
    m_remove->setEnabled(false);
}

RateRule RatesDialog::draft() const
{
    RateRule rule;
    rule.roomType = currentType().id;
    rule.name = m_name->text().trimmed();
    rule.firstNight = m_first->date();
    rule.lastNight = m_last->date();
    for (int day = Qt::Monday; day <= Qt::Sunday; ++day) {
        if (m_days.at(day - 1)->isChecked())
            rule.weekdays |= RateRule::bitOf(day);
    }
    const auto price = Money::read(m_price->text(), m_hotel.currency);
    rule.price = price ? *price : Money(-1, m_hotel.currency); // negative: unreadable
    return rule;
}

void RatesDialog::updatePreview()
{
    const RoomTypeSummary type = currentType();
    QVector<RateRule> rules = m_shown;
    RateRule typed = draft();
    const bool withDraft = !typed.price.isNegative() && RateRules::check(typed).ok();
    if (withDraft) {
        // Added last, it would have the highest id: it wins ties as the database would let it.
        RateId last = 0;
        for (const RateRule &rule : m_all)
            last = qMax(last, rule.id);
        typed.id = last + 1;
        typed.name = tr("%1 (not added yet)").arg(typed.name);
        rules << typed;
    }
    const QDate from = m_first->date();
    m_preview = RateRules::preview(rules, type, from, from.addDays(previewNights));
    m_previewTitle->setText(
        withDraft ? tr("The next %1 nights from %2, with the rate being added:").arg(previewNights).arg(dateText(from))
                  : tr("The next %1 nights from %2:").arg(previewNights).arg(dateText(from)));
    m_previewTable->setRowCount(int(m_preview.size()));
    for (int row = 0; row < m_preview.size(); ++row) {
        const NightPrice &night = m_preview.at(row);
        m_previewTable->setItem(row, 0, cell(dateText(night.night)));
        m_previewTable->setItem(row, 1, cell(night.price.text(), Qt::AlignRight | Qt::AlignVCenter));
        m_previewTable->setItem(row, 2, cell(night.ruleName.isEmpty() ? tr("the room type's price") : night.ruleName));
    }
    m_previewTable->resizeColumnsToContents();
    m_previewTable->scrollToTop();
}

bool RatesDialog::addRate()
{
    const RateRule rule = draft();
    if (!Money::read(m_price->text(), m_hotel.currency)) {
        say(unreadableMoneyMessage(m_price->text(), m_hotel.currency), true);
        return false;
    }
    const auto added = m_calls([&] { return m_rates.add(rule); });
    if (!added) {
        say(errorText(added.error()), true);
        return false;
    }
    m_changed = true;
    say(tr("Rate \"%1\" added: the calendar shows its prices.").arg(rule.name), false);
    m_name->clear();
    m_price->clear();
    for (QCheckBox *box : std::as_const(m_days))
        box->setChecked(false);
    reload();
    return true;
}

bool RatesDialog::removeSelectedRate()
{
    const int row = m_rules->currentRow();
    if (row < 0 || row >= m_shown.size() || m_rules->selectedItems().isEmpty()) {
        say(tr("Choose the rate to remove first."), true);
        return false;
    }
    const RateRule rule = m_shown.at(row);
    const auto removed = m_calls([&] { return m_rates.remove(rule.id); });
    if (!removed) {
        say(errorText(removed.error()), true);
        reload();
        return false;
    }
    m_changed = true;
    say(tr("Rate \"%1\" removed: its nights are priced by the other rates or the room type again.").arg(rule.name),
        false);
    reload();
    return true;
}

QString RatesDialog::message() const
{
    return m_message->text();
}

void RatesDialog::say(const QString &text, bool problem)
{
    m_message->setText(text);
    m_message->setStyleSheet(problem ? QStringLiteral("color: #b71c1c") : QString());
}

} // namespace boxoffice
