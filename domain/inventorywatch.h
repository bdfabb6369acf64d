#pragma once

#include <QObject>

namespace boxoffice {

// Tells a view that the shared inventory changed somewhere (another terminal, the web channel), so it
// reads the changes; and when the connection to the server is lost and back, so it can warn and reload.
class InventoryWatch : public QObject
{
    Q_OBJECT
public:
    using QObject::QObject;

signals:
    void inventoryChanged();
    void connectionLost(const QString &reason);
    void connectionRestored();
};

} // namespace boxoffice
