#pragma once

#include "amqpworkeroptions.h"
#include "ctlcontext.h"

#include <optional>

namespace boxoffice::ctl {

// One function per sub-command; each returns the process exit status.
int runDb(CtlContext &context);
int runDbBackup(CtlContext &context);
int runDbRestore(CtlContext &context);
int runMigrate(CtlContext &context);
int runSeedDemo(CtlContext &context);
int runEvents(CtlContext &context);
int runAvailability(CtlContext &context);
int runHold(CtlContext &context);
int runRelease(CtlContext &context);
int runExtend(CtlContext &context);
int runOrder(CtlContext &context);
int runConfirm(CtlContext &context);
int runSweep(CtlContext &context);
int runAudit(CtlContext &context);
int runGa(CtlContext &context);
int runHotel(CtlContext &context);
int runTable(CtlContext &context);
int runStaff(CtlContext &context);
int runTicket(CtlContext &context);
int runCheckout(CtlContext &context);
int runReconcile(CtlContext &context);
int runWorker(CtlContext &context);
int runRefund(CtlContext &context);
int runBuyer(CtlContext &context);
int runCaps(CtlContext &context);
int runTill(CtlContext &context);
int runDay(CtlContext &context);
int runPriceTypes(CtlContext &context);
int runHouse(CtlContext &context);
int runOnSale(CtlContext &context);
int runMail(CtlContext &context);
int runOutbox(CtlContext &context);
// The broker of --amqp, else of the settings file or BOXOFFICE_AMQP_URL; none when neither names one.
Result<std::optional<AmqpWorkerOptions>> configuredBroker(const CtlContext &context);
int runSimulateBuyers(CtlContext &context);

} // namespace boxoffice::ctl
