#pragma once

#include "ui/orders/managergate.h"

#include <QWidget>

class QLabel;
class QPushButton;
class QTableWidget;

namespace boxoffice {

// Refunds and exchanges waiting for a manager. Anyone sees the list; approving or declining needs a
// manager: the one signed in here, or one who signs in on the spot. Approving carries the action out
// in the same transaction as the decision, so a request is done exactly when its money moved.
class ApprovalsPanel : public QWidget
{
    Q_OBJECT
public:
    explicit ApprovalsPanel(QWidget *parent = nullptr);

    void setServices(const AfterSalesServices &own, ManagerSignIn signIn);
    void setRole(StaffRole role) { m_gate.setRole(role); }
    void reload();
    void approveSelected();
    void declineSelected();

    QTableWidget *table() const { return m_table; }
    QPushButton *approveButton() const { return m_approve; }
    QPushButton *declineButton() const { return m_decline; }
    QString message() const;
    ManagerGate &gate() { return m_gate; }

    enum Column { OrderColumn, KindColumn, UnitsColumn, ReasonColumn, RequestedColumn, ColumnCount };

signals:
    void decided(boxoffice::OrderId order);
    void refunded(const boxoffice::CounterRefund &refund);
    void exchanged(const boxoffice::CounterExchange &exchange);

protected:
    // What waits may have changed while the tab was hidden: read it again when it is shown.
    void showEvent(QShowEvent *event) override;

private:
    void decide(bool approve);
    void setMessage(const QString &text, bool problem);

    ManagerGate m_gate;
    QVector<ApprovalRequest> m_requests;
    QTableWidget *m_table = nullptr;
    QPushButton *m_reload = nullptr;
    QPushButton *m_approve = nullptr;
    QPushButton *m_decline = nullptr;
    QLabel *m_message = nullptr;
};

} // namespace boxoffice
