#pragma once

#include "domain/folio.h"
#include "storage/preparedstatements.h"

namespace boxoffice {

class PgFolioStore final : public FolioStore
{
public:
    explicit PgFolioStore(QSqlDatabase database);

    Result<Folio> folio(StayId stay) override;
    Result<FolioChargeId> post(const FolioChargeRequest &request) override;
    Status voidCharge(FolioChargeId charge, const QString &reason) override;
    Result<FolioSettlement> settleAndCheckOut(StayId stay, const Money &seenBalance,
                                              const std::optional<CounterPayment> &payment) override;

private:
    Status readCharges(Folio &folio);
    Status readPayments(Folio &folio);

    PreparedStatements m_statements;
};

} // namespace boxoffice
