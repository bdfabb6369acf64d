#pragma once

#include "domain/guests.h"
#include "ui/desk/deskservices.h"

#include <QDialog>

class QLabel;
class QLineEdit;
class QListWidget;
class QPlainTextEdit;
class QPushButton;
class QTableView;
class QVBoxLayout;

namespace boxoffice {

class StaySearchModel;

// A guest's profile at the front desk: found by any detail, its details and notes edited and saved,
// and every stay of the guest, past and future. A stay chosen in the list is announced (staySelected)
// so a stay's own panel, such as its folio, can be shown below the list (setStayPanel).
class GuestProfileDialog : public QDialog
{
    Q_OBJECT
public:
    explicit GuestProfileDialog(const DeskServices &services, QWidget *parent = nullptr);

    bool load(GuestId guest);
    // Profiles with `text` in any detail; the first one found is shown.
    int search(const QString &text);
    void showFound(int row);
    bool save();

    GuestId guest() const { return m_profile.id; }
    const GuestProfile &profile() const { return m_profile; }
    StaySearchModel *stays() const { return m_stays; }
    QString message() const;
    void setStayPanel(QWidget *panel);
    bool selectStay(StayId stay); // chosen in the stays list, as a click would (staySelected)

    QLineEdit *searchEdit() const { return m_search; }
    QListWidget *found() const { return m_found; }
    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *emailEdit() const { return m_email; }
    QLineEdit *phoneEdit() const { return m_phone; }
    QLineEdit *addressEdit() const { return m_address; }
    QPlainTextEdit *notesEdit() const { return m_notes; }
    QTableView *staysView() const { return m_staysView; }

signals:
    void staySelected(boxoffice::StayId stay);

private:
    void showMessage(const QString &text, bool problem = false);

    DeskServices m_services;
    GuestProfile m_profile;
    QVector<GuestProfile> m_hits;
    StaySearchModel *m_stays = nullptr;
    QLineEdit *m_search = nullptr;
    QListWidget *m_found = nullptr;
    QLineEdit *m_name = nullptr;
    QLineEdit *m_email = nullptr;
    QLineEdit *m_phone = nullptr;
    QLineEdit *m_address = nullptr;
    QPlainTextEdit *m_notes = nullptr;
    QLabel *m_since = nullptr;
    QTableView *m_staysView = nullptr;
    QPushButton *m_save = nullptr;
    QVBoxLayout *m_stayArea = nullptr;
    QLabel *m_message = nullptr;
};

} // namespace boxoffice
