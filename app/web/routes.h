#pragma once

#include "apicall.h"
#include "apireply.h"
#include "webservices.h"

#include <QString>
#include <QVector>

#include <functional>

namespace boxoffice::web {

struct WorkerContext;

// A handler gets the request and, for routes on a database lane, its thread's stores (null otherwise).
using Handler = std::function<ApiReply(const ApiCall &call, WorkerContext *context)>;

// Where a handler runs (see weblanes.h).
enum class Lane {
    Claim, // claims and every other write: the bounded claim lane's connections
    Read, // reads and /healthz: the small read lane's connections
    // What a buyer looks at before holding (event lists, seat maps, pools, hotels and tables free):
    // read-only connections, to the browse server (a standby) when one is configured. Pure reads
    // only: such a handler may be run again on another connection.
    Browse,
    Provider, // talks to the payment provider: a thread with no connection; store calls go to the claim lane
    Queue, // the waiting room's joins and polls: threads with no connection, so a slow shared store
           // (Redis) keeps no HTTP thread waiting and a crowd polling its places no checkout
    None // no database and no waiting: answered on the HTTP thread
};

struct MethodHandler
{
    QString method; // "GET", "POST", "DELETE"
    Handler handler;
    bool auth = false; // needs "Authorization: Bearer <buyer token>"; call.buyer is set before the handler
    Lane lane = Lane::Claim;
};

struct Route
{
    QString pattern; // Qt's syntax: "/api/v1/carts/<arg>/holds"
    QString name; // for metrics and logs: "/api/v1/carts/{id}/holds"
    int args = 0;
    QVector<MethodHandler> methods;
};

// The answer to a seat hold, whichever way it was claimed (201 with the seats held, or the error), counted
// in the metrics.
ApiReply holdAnswer(WebServices &services, const HoldRequest &request, const Result<HoldGrant> &granted);

// One file per resource.
QVector<Route> healthRoutes(WebServices &services);
QVector<Route> eventRoutes(WebServices &services);
QVector<Route> cartRoutes(WebServices &services);
QVector<Route> orderRoutes(WebServices &services);
QVector<Route> webhookRoutes(WebServices &services);
QVector<Route> pageRoutes(WebServices &services);
QVector<Route> shapeRoutes(WebServices &services);
QVector<Route> queueRoutes(WebServices &services);
QVector<Route> accountRoutes(WebServices &services);
QVector<Route> bestAvailableRoutes(WebServices &services);
QVector<Route> paymentConfigRoutes(WebServices &services);

} // namespace boxoffice::web
