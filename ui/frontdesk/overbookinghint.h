#pragma once

#include "ui/desk/deskservices.h"

#include <QLabel>

namespace boxoffice {

// Beside the manager's sellable limit: the limit the hotel's own cancellation and no-show history
// suggests for the nights selected, with the figures it came from. Only said: the manager sets the
// limit (or not) with the Set button; nothing here changes it.
class OverbookingHint : public QLabel
{
    Q_OBJECT
public:
    explicit OverbookingHint(QWidget *parent = nullptr);

    void setServices(const DeskServices &services) { m_services = services; }
    // Empty when the services cannot say (no lists service, no such nights).
    void showFor(HotelId hotel, RoomTypeId roomType, const QDate &checkIn, const QDate &checkOut);
    int suggested() const { return m_suggested; } // 0: nothing suggested

private:
    DeskServices m_services;
    int m_suggested = 0;
};

} // namespace boxoffice
