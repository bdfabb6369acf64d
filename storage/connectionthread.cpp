#include "storage/connectionthread.h"

#include "storage/logging.h"

#include <QSqlDriver>
#include <QThread>

namespace boxoffice {

Status checkConnectionThread(const QSqlDatabase &database, const QString &context)
{
    const QSqlDriver *driver = database.driver();
    if (!driver || driver->thread() == QThread::currentThread())
        return Done{};
    qCWarning(lcStorage).noquote() << "database call on the wrong thread:" << context << "on connection"
                                   << database.connectionName() << "from" << QThread::currentThread()->objectName();
    return makeError(ErrorCode::Internal, QStringLiteral("%1: the connection belongs to another thread").arg(context));
}

} // namespace boxoffice
