#include "clientcontext.h"

namespace boxoffice::bench {

ClientContext::ClientContext(int index, quint32 seed) : m_index(index), m_random(seed) { }

CartId ClientContext::nextCart()
{
    return QStringLiteral("bench-%1-%2").arg(m_index).arg(++m_carts);
}

void ClientContext::detach()
{
    m_state.reset();
    m_database = QSqlDatabase();
}

} // namespace boxoffice::bench
