#include "aftersaleswiring.h"

#include "sessionthread.h"
#include "storage/pgtillstore.h"
#include "storage/staffadmin.h"
#include "ui/desk/deskwindow.h"

namespace boxoffice {

AfterSalesWiring::AfterSalesWiring(QSqlDatabase database, PgCartStore &carts, PgCounterSales &counter,
                                   OrderLookupStore &orders, UnitOfWork &unit)
    : m_checkout(database, carts), m_exchangeStore(database, carts, m_checkout, counter), m_approvalStore(database),
      m_refunds(m_checkout, orders, nullptr), m_exchanges(m_exchangeStore, unit),
      m_approvals(m_approvalStore, m_refunds, m_exchanges, unit)
{ }

AfterSalesServices AfterSalesWiring::services()
{
    AfterSalesServices services;
    services.refunds = &m_refunds;
    services.exchanges = &m_exchanges;
    services.approvals = &m_approvals;
    return services;
}

Result<std::unique_ptr<ManagerSession>> ManagerConnection::open(const ConnectionSettings &server, const QString &login,
                                                                const QString &password)
{
    const auto refused = [] {
        return makeError(ErrorCode::PermissionDenied,
                         QStringLiteral("That is not a manager's user name and password."));
    };
    if (login.trimmed().isEmpty() || password.isEmpty())
        return refused();
    ConnectionSettings manager = server;
    manager.user = login.trimmed();
    manager.password = password;
    auto connection = DatabaseConnection::open(manager, QStringLiteral("manager"));
    if (!connection) {
        const DomainError &error = connection.error();
        if (error.code == ErrorCode::PermissionDenied || error.sqlState.startsWith(QLatin1String("28")))
            return refused();
        return error;
    }
    auto role = StaffAdmin(connection.value()->database()).currentRole();
    if (!role)
        return role.error();
    if (role.value() != StaffRole::Manager)
        return refused();
    // What the manager approves here is handed over at this counter, from the signed-in clerk's drawer.
    if (auto named = PgTillStore::setTerminal(connection.value()->database(), DeskWindow::terminalName()); !named)
        return named.error();
    if (auto clerk = PgTillStore::actOnBehalfOf(connection.value()->database(), server.user); !clerk)
        return clerk.error();
    return std::unique_ptr<ManagerSession>(new ManagerConnection(std::move(connection.value()), manager.user));
}

ManagerConnection::ManagerConnection(std::unique_ptr<DatabaseConnection> connection, QString login)
    : m_connection(std::move(connection)), m_login(std::move(login)), m_inventory(m_connection->database()),
      m_counter(m_connection->database(), m_inventory.carts), m_orders(m_connection->database()),
      m_unit(m_connection->database()),
      m_wiring(m_connection->database(), m_inventory.carts, m_counter, m_orders, m_unit)
{ }

ManagerConnection::~ManagerConnection() = default;

namespace {

class ThreadedManagerSession final : public ManagerSession
{
public:
    ThreadedManagerSession(std::shared_ptr<DatabaseThread> thread, DatabaseCalls calls,
                           std::unique_ptr<ManagerSession> connection)
        : m_thread(std::move(thread)), m_calls(std::move(calls)), m_connection(std::move(connection))
    { }
    ~ThreadedManagerSession() override
    {
        // Blocking, as DeskSession's: nothing of the window's may run while the stores go.
        m_thread->runBlocking([this] { m_connection.reset(); });
    }

    QString login() const override { return m_connection->login(); }
    AfterSalesServices services() override
    {
        AfterSalesServices services = m_connection->services();
        services.calls = m_calls;
        return services;
    }

private:
    std::shared_ptr<DatabaseThread> m_thread;
    DatabaseCalls m_calls;
    std::unique_ptr<ManagerSession> m_connection;
};

} // namespace

Result<std::unique_ptr<ManagerSession>>
ManagerConnection::openOnOwnThread(const ConnectionSettings &server, const QString &login, const QString &password)
{
    auto thread = std::make_shared<DatabaseThread>(QStringLiteral("manager database"));
    const DatabaseCalls calls = callsOn(thread);
    auto opened = calls([&] { return open(server, login, password); });
    if (!opened)
        return opened.error();
    return std::unique_ptr<ManagerSession>(
        new ThreadedManagerSession(std::move(thread), calls, std::move(opened.value())));
}

} // namespace boxoffice
