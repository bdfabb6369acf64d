#include "ui/frontdesk/guestprofilefields.h"

#include <QGridLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QPushButton>
#include <QTimer>

namespace boxoffice {

GuestProfileFields::GuestProfileFields(QWidget *parent) : QWidget(parent)
{
    auto *grid = new QGridLayout(this);
    grid->setContentsMargins(0, 0, 0, 0);
    const auto field = [&](const QString &label, const QString &name, int row, int column) {
        auto *edit = new QLineEdit;
        edit->setObjectName(name);
        auto *caption = new QLabel(label);
        caption->setBuddy(edit);
        grid->addWidget(caption, row, column * 2);
        grid->addWidget(edit, row, column * 2 + 1);
        return edit;
    };
    m_name = field(tr("&Guest name:"), QStringLiteral("guestName"), 0, 0);
    m_name->setPlaceholderText(tr("Required to book"));
    m_email = field(tr("E-&mail:"), QStringLiteral("guestEmail"), 0, 1);
    m_phone = field(tr("&Phone:"), QStringLiteral("guestPhone"), 1, 0);
    m_address = field(tr("A&ddress:"), QStringLiteral("guestAddress"), 1, 1);
    for (QLineEdit *edit : {m_name, m_email, m_phone, m_address})
        edit->setMaxLength(edit == m_address ? GuestService::maxAddress : GuestService::maxName);
    grid->setColumnStretch(1, 1);
    grid->setColumnStretch(3, 1);

    m_offers = new QListWidget;
    m_offers->setObjectName(QStringLiteral("returningGuests"));
    m_offers->setAccessibleName(tr("Returning guests who match"));
    m_offers->setMaximumHeight(72);
    m_offers->setToolTip(tr("Double-click or press Enter to book under this guest's profile"));
    m_offers->hide();
    m_offersCaption = new QLabel(tr("Returning guest?"));
    m_offersCaption->setBuddy(m_offers);
    m_offersCaption->hide();
    grid->addWidget(m_offersCaption, 2, 0, Qt::AlignTop);
    grid->addWidget(m_offers, 2, 1, 1, 3);
    auto *chosenRow = new QHBoxLayout;
    m_chosenText = new QLabel;
    m_chosenText->setObjectName(QStringLiteral("returningGuestChosen"));
    chosenRow->addWidget(m_chosenText);
    m_forget = new QPushButton(tr("Not this guest"));
    m_forget->hide();
    chosenRow->addWidget(m_forget);
    chosenRow->addStretch();
    grid->addLayout(chosenRow, 3, 1, 1, 3);

    // Asked once the clerk pauses, not on every key: the database is shared with every desk.
    m_pause = new QTimer(this);
    m_pause->setSingleShot(true);
    m_pause->setInterval(400);
    connect(m_pause, &QTimer::timeout, this, &GuestProfileFields::lookUp);
    for (QLineEdit *edit : {m_name, m_email, m_phone})
        connect(edit, &QLineEdit::textEdited, m_pause, qOverload<>(&QTimer::start));
    connect(m_offers, &QListWidget::itemActivated, this,
            [this](QListWidgetItem *item) { chooseOffer(m_offers->row(item)); });
    connect(m_forget, &QPushButton::clicked, this, &GuestProfileFields::forgetChoice);
}

void GuestProfileFields::setServices(const DeskServices &services)
{
    m_services = services;
}

GuestDetails GuestProfileFields::details() const
{
    return {m_name->text(), m_email->text(), m_phone->text(), m_address->text()};
}

void GuestProfileFields::clear()
{
    m_pause->stop();
    for (QLineEdit *edit : {m_name, m_email, m_phone, m_address})
        edit->clear();
    forgetChoice();
    showOffers({});
}

void GuestProfileFields::lookUp()
{
    m_pause->stop();
    if (!m_services.guests || m_chosen)
        return;
    const GuestDetails typed = details();
    auto found = m_services.calls([&] { return m_services.guests->suggestions(typed); });
    // An offer is a help, not a step: when the lookup fails, the clerk simply books a new profile.
    showOffers(found ? found.value() : QVector<GuestProfile>{});
}

void GuestProfileFields::showOffers(const QVector<GuestProfile> &profiles)
{
    m_profiles = profiles;
    m_offers->clear();
    for (const GuestProfile &profile : profiles) {
        QStringList parts{profile.details.name};
        for (const QString &detail : {profile.details.email, profile.details.phone})
            if (!detail.isEmpty())
                parts << detail;
        m_offers->addItem(tr("%1 — %n stay(s)", nullptr, profile.stayCount).arg(parts.join(QStringLiteral(" · "))));
    }
    m_offers->setVisible(!profiles.isEmpty());
    m_offersCaption->setVisible(!profiles.isEmpty());
}

int GuestProfileFields::offerCount() const
{
    return int(m_profiles.size());
}

void GuestProfileFields::chooseOffer(int row)
{
    if (row < 0 || row >= m_profiles.size())
        return;
    const GuestProfile profile = m_profiles.at(row);
    m_chosen = profile.id;
    m_name->setText(profile.details.name);
    m_email->setText(profile.details.email);
    m_phone->setText(profile.details.phone);
    m_address->setText(profile.details.address);
    m_chosenText->setText(
        tr("Returning guest: %1, %n stay(s) before. Changes typed here update the profile.", nullptr, profile.stayCount)
            .arg(profile.details.name));
    m_forget->show();
    showOffers({});
}

void GuestProfileFields::forgetChoice()
{
    m_chosen = 0;
    m_chosenText->clear();
    m_forget->hide();
}

QString GuestProfileFields::chosenText() const
{
    return m_chosenText->text();
}

} // namespace boxoffice
