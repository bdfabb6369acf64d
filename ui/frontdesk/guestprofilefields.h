#pragma once

#include "domain/guests.h"
#include "ui/desk/deskservices.h"

#include <QWidget>

class QLabel;
class QLineEdit;
class QListWidget;
class QPushButton;
class QTimer;

namespace boxoffice {

// The guest's details in the front desk's booking area: name (required), e-mail, phone and address.
// While the clerk types, profiles that match (by e-mail, phone or name) are offered with their number
// of stays; choosing one fills the fields from it and books the stay under that profile instead of a
// new one. What is in the fields when the clerk books is what is booked.
class GuestProfileFields : public QWidget
{
    Q_OBJECT
public:
    explicit GuestProfileFields(QWidget *parent = nullptr);

    void setServices(const DeskServices &services);
    GuestDetails details() const;
    // The returning guest chosen from the offers (or the profile this booking already created); 0: new.
    GuestId chosenGuest() const { return m_chosen; }
    void setChosenGuest(GuestId guest) { m_chosen = guest; }
    // The desk booked: the next guest starts from empty fields.
    void clear();

    // Looks the typed details up now rather than after the typing pause (tests call it).
    void lookUp();
    int offerCount() const;
    void chooseOffer(int row);
    void forgetChoice(); // "Not this guest": the booking makes a new profile again

    QLineEdit *nameEdit() const { return m_name; }
    QLineEdit *emailEdit() const { return m_email; }
    QLineEdit *phoneEdit() const { return m_phone; }
    QLineEdit *addressEdit() const { return m_address; }
    QListWidget *offers() const { return m_offers; }
    QString chosenText() const;

private:
    void showOffers(const QVector<GuestProfile> &profiles);

    DeskServices m_services;
    GuestId m_chosen = 0;
    QVector<GuestProfile> m_profiles; // what the offers list shows, row by row
    QLineEdit *m_name = nullptr;
    QLineEdit *m_email = nullptr;
    QLineEdit *m_phone = nullptr;
    QLineEdit *m_address = nullptr;
    QListWidget *m_offers = nullptr;
    QLabel *m_offersCaption = nullptr;
    QLabel *m_chosenText = nullptr;
    QPushButton *m_forget = nullptr;
    QTimer *m_pause = nullptr;
};

} // namespace boxoffice
