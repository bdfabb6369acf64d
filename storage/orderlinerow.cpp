#include "storage/orderlinerow.h"

#include "storage/sqlvalues.h"
#include "storage/statetext.h"

#include <QSqlQuery>

namespace boxoffice {

Result<OrderLine> orderLineFromRow(const QSqlQuery &row)
{
    auto state = lineStateFromText(row.value(5).toString());
    if (!state)
        return state.error();
    return OrderLine{kindFromIndex(row.value(0).toInt()),
                     row.value(1).toLongLong(),
                     row.value(2).toString(),
                     row.value(3).toInt(),
                     Money(row.value(4).toLongLong(), row.value(6).toString()),
                     state.value()};
}

} // namespace boxoffice
