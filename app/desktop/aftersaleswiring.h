#pragma once

#include "domain/approvals.h"
#include "storage/connectionsettings.h"
#include "storage/databaseconnection.h"
#include "storage/pgapprovalstore.h"
#include "storage/pgcheckoutstore.h"
#include "storage/pgcountersales.h"
#include "storage/pgexchangestore.h"
#include "storage/pginventory.h"
#include "storage/pgorderlookup.h"
#include "storage/pgunitofwork.h"
#include "ui/desk/deskservices.h"

#include <memory>

namespace boxoffice {

// Refunds, exchanges and approvals over the stores of one connection (all joining its unit of work).
class AfterSalesWiring
{
public:
    AfterSalesWiring(QSqlDatabase database, PgCartStore &carts, PgCounterSales &counter, OrderLookupStore &orders,
                     UnitOfWork &unit);

    AfterSalesServices services();

private:
    PgCheckoutStore m_checkout;
    PgExchangeStore m_exchangeStore;
    PgApprovalStore m_approvalStore;
    CounterRefundService m_refunds; // no provider at the desk: online money is left to reconciliation
    ExchangeService m_exchanges;
    ApprovalService m_approvals;
};

// A manager who signs in on the spot: a second connection as that manager, with its own stores, for
// one refund, exchange or approval; it closes when this is destroyed. Used on the thread that opened it.
class ManagerConnection final : public ManagerSession
{
public:
    // `server`: where the desk is connected (host, port, database); the login and password are the
    // manager's. PermissionDenied, one answer for a wrong password and for a login that is not a
    // manager's, so a clerk learns nothing about other logins.
    static Result<std::unique_ptr<ManagerSession>> open(const ConnectionSettings &server, const QString &login,
                                                        const QString &password);
    ~ManagerConnection() override;

    QString login() const override { return m_login; }
    AfterSalesServices services() override { return m_wiring.services(); }

    // The same, opened on a database thread of its own and called through its handle, so that the
    // manager's sign-in and action leave the window painting. Destroying it closes the connection
    // there.
    static Result<std::unique_ptr<ManagerSession>> openOnOwnThread(const ConnectionSettings &server,
                                                                   const QString &login, const QString &password);

private:
    ManagerConnection(std::unique_ptr<DatabaseConnection> connection, QString login);

    std::unique_ptr<DatabaseConnection> m_connection;
    QString m_login;
    PgInventory m_inventory;
    PgCounterSales m_counter;
    PgOrderLookup m_orders;
    PgUnitOfWork m_unit;
    AfterSalesWiring m_wiring;
};

} // namespace boxoffice
