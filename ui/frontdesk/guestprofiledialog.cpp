#include "ui/frontdesk/guestprofiledialog.h"

#include "ui/common/errortext.h"
#include "ui/hotel/staysearchmodel.h"

#include <QDialogButtonBox>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QItemSelectionModel>
#include <QLabel>
#include <QLineEdit>
#include <QListWidget>
#include <QLocale>
#include <QPlainTextEdit>
#include <QPushButton>
#include <QSplitter>
#include <QTableView>
#include <QVBoxLayout>

namespace boxoffice {

GuestProfileDialog::GuestProfileDialog(const DeskServices &services, QWidget *parent)
    : QDialog(parent), m_services(services)
{
    setWindowTitle(tr("Guest profile"));
    m_stays = new StaySearchModel(this);
    auto *layout = new QVBoxLayout(this);
    auto *splitter = new QSplitter(Qt::Horizontal);

    // Left: find a guest by any detail.
    auto *finder = new QWidget;
    auto *finderLayout = new QVBoxLayout(finder);
    finderLayout->setContentsMargins(0, 0, 0, 0);
    m_search = new QLineEdit;
    m_search->setObjectName(QStringLiteral("profileSearch"));
    m_search->setPlaceholderText(tr("Name, e-mail, phone or address, then Enter"));
    m_search->setAccessibleName(tr("Find a guest profile"));
    finderLayout->addWidget(m_search);
    m_found = new QListWidget;
    m_found->setObjectName(QStringLiteral("profilesFound"));
    m_found->setAccessibleName(tr("Guest profiles found"));
    finderLayout->addWidget(m_found);
    splitter->addWidget(finder);

    // Right: the profile and its stays.
    auto *page = new QWidget;
    auto *pageLayout = new QVBoxLayout(page);
    pageLayout->setContentsMargins(0, 0, 0, 0);
    auto *form = new QFormLayout;
    const auto field = [&](const QString &label, const QString &name, int most) {
        auto *edit = new QLineEdit;
        edit->setObjectName(name);
        edit->setMaxLength(most);
        form->addRow(label, edit);
        return edit;
    };
    m_name = field(tr("&Name:"), QStringLiteral("profileName"), GuestService::maxName);
    m_email = field(tr("E-&mail:"), QStringLiteral("profileEmail"), GuestService::maxEmail);
    m_phone = field(tr("&Phone:"), QStringLiteral("profilePhone"), GuestService::maxPhone);
    m_address = field(tr("A&ddress:"), QStringLiteral("profileAddress"), GuestService::maxAddress);
    m_notes = new QPlainTextEdit;
    m_notes->setObjectName(QStringLiteral("profileNotes"));
    m_notes->setTabChangesFocus(true);
    m_notes->setPlaceholderText(tr("Preferences, allergies, what to remember next time"));
    m_notes->setMaximumHeight(90);
    form->addRow(tr("N&otes:"), m_notes);
    m_since = new QLabel;
    form->addRow(QString(), m_since);
    pageLayout->addLayout(form);
    auto *saveRow = new QHBoxLayout;
    m_save = new QPushButton(tr("&Save the profile"));
    m_save->setEnabled(false);
    saveRow->addWidget(m_save);
    saveRow->addStretch();
    pageLayout->addLayout(saveRow);

    auto *staysLabel = new QLabel(tr("&Stays, newest first:"));
    pageLayout->addWidget(staysLabel);
    m_staysView = new QTableView;
    m_staysView->setObjectName(QStringLiteral("guestStays"));
    staysLabel->setBuddy(m_staysView);
    m_staysView->setModel(m_stays);
    m_staysView->setSelectionBehavior(QAbstractItemView::SelectRows);
    m_staysView->setSelectionMode(QAbstractItemView::SingleSelection);
    m_staysView->setTabKeyNavigation(false);
    m_staysView->horizontalHeader()->setSectionResizeMode(QHeaderView::Stretch);
    m_staysView->verticalHeader()->hide();
    pageLayout->addWidget(m_staysView, 1);
    m_stayArea = new QVBoxLayout; // a stay's own panel (its folio) goes here
    pageLayout->addLayout(m_stayArea);
    splitter->addWidget(page);
    splitter->setStretchFactor(0, 1);
    splitter->setStretchFactor(1, 3);
    splitter->setSizes({300, 680});
    layout->addWidget(splitter, 1);

    m_message = new QLabel;
    m_message->setObjectName(QStringLiteral("profileMessage"));
    m_message->setWordWrap(true);
    layout->addWidget(m_message);
    auto *buttons = new QDialogButtonBox(QDialogButtonBox::Close);
    layout->addWidget(buttons);
    resize(980, 560);

    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    connect(m_search, &QLineEdit::returnPressed, this, [this] { search(m_search->text()); });
    connect(m_found, &QListWidget::currentRowChanged, this, &GuestProfileDialog::showFound);
    connect(m_save, &QPushButton::clicked, this, &GuestProfileDialog::save);
    connect(m_staysView->selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        const auto rows = m_staysView->selectionModel()->selectedRows();
        if (!rows.isEmpty())
            emit staySelected(m_stays->stay(rows.first().row()).id);
    });
}

bool GuestProfileDialog::load(GuestId guest)
{
    if (!m_services.guests)
        return false;
    auto profile = m_services.calls([&] { return m_services.guests->profile(guest); });
    if (!profile) {
        showMessage(errorText(profile.error()), true);
        return false;
    }
    auto stays = m_services.calls([&] { return m_services.guests->stays(guest); });
    if (!stays) {
        showMessage(errorText(stays.error()), true);
        return false;
    }
    m_profile = profile.value();
    m_name->setText(m_profile.details.name);
    m_email->setText(m_profile.details.email);
    m_phone->setText(m_profile.details.phone);
    m_address->setText(m_profile.details.address);
    m_notes->setPlainText(m_profile.notes);
    const QLocale locale;
    m_since->setText(tr("Guest since %1, %n stay(s); last changed %2.", nullptr, m_profile.stayCount)
                         .arg(locale.toString(m_profile.createdAt.toLocalTime().date(), QLocale::ShortFormat),
                              locale.toString(m_profile.updatedAt.toLocalTime(), QLocale::ShortFormat)));
    m_stays->setStays(stays.value());
    m_save->setEnabled(true);
    setWindowTitle(tr("Guest profile: %1").arg(m_profile.details.name));
    showMessage(QString());
    return true;
}

int GuestProfileDialog::search(const QString &text)
{
    if (!m_services.guests)
        return 0;
    if (m_search->text() != text)
        m_search->setText(text);
    auto found = m_services.calls([&] { return m_services.guests->search(text); });
    if (!found) {
        showMessage(errorText(found.error()), true);
        return 0;
    }
    m_hits = found.value();
    {
        const QSignalBlocker blocker(m_found);
        m_found->clear();
        for (const GuestProfile &hit : std::as_const(m_hits)) {
            const QString contact = hit.details.email.isEmpty() ? hit.details.phone : hit.details.email;
            m_found->addItem(contact.isEmpty() ? hit.details.name : tr("%1 (%2)").arg(hit.details.name, contact));
        }
    }
    showMessage(tr("%n guest profile(s) found.", nullptr, int(m_hits.size())));
    if (!m_hits.isEmpty())
        m_found->setCurrentRow(0); // shows it
    return int(m_hits.size());
}

void GuestProfileDialog::showFound(int row)
{
    if (row >= 0 && row < m_hits.size())
        load(m_hits.at(row).id);
}

bool GuestProfileDialog::save()
{
    if (!m_services.guests || !m_profile.id)
        return false;
    const GuestId guest = m_profile.id;
    const GuestDetails details{m_name->text(), m_email->text(), m_phone->text(), m_address->text()};
    const QString notes = m_notes->toPlainText();
    const Status saved = m_services.calls([&] { return m_services.guests->update(guest, details, notes); });
    if (!saved) {
        showMessage(errorText(saved.error()), true);
        return false;
    }
    load(guest);
    showMessage(tr("Saved. Stays booked from now on carry the name as saved; stays already booked keep theirs."));
    return true;
}

QString GuestProfileDialog::message() const
{
    return m_message->text();
}

void GuestProfileDialog::setStayPanel(QWidget *panel)
{
    m_stayArea->addWidget(panel);
}

bool GuestProfileDialog::selectStay(StayId stay)
{
    for (int row = 0; row < m_stays->rowCount(); ++row) {
        if (m_stays->stay(row).id == stay) {
            m_staysView->selectRow(row);
            return true;
        }
    }
    return false;
}

void GuestProfileDialog::showMessage(const QString &text, bool problem)
{
    m_message->setStyleSheet(problem ? QStringLiteral("color:#b01c1c; font-weight:bold;") : QString());
    m_message->setText(text);
}

} // namespace boxoffice
