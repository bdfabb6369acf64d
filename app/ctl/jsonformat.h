#pragma once

#include "domain/auditreport.h"
#include "domain/domainerror.h"
#include "domain/seatholds.h"

#include <QJsonObject>

namespace boxoffice::ctl {

// The --json shapes of boxoffice-ctl (documented in the README; scripts depend on them).
QJsonObject errorToJson(const DomainError &error);
QJsonObject eventToJson(const EventSummary &event);
QJsonObject holdToJson(const HoldRequest &request, const HoldGrant &grant);
QJsonObject releaseToJson(const CartId &cart, const ReleaseOutcome &outcome);
QJsonObject extendToJson(const CartId &cart, const ExtendOutcome &outcome);
QJsonObject orderToJson(const OrderSummary &order);
QJsonObject confirmToJson(const ConfirmOutcome &outcome);
QJsonObject availabilityToJson(const EventAvailability &availability);
QJsonObject auditToJson(const AuditReport &report);

QString formatMoney(qint64 minor, const QString &currency);

} // namespace boxoffice::ctl
