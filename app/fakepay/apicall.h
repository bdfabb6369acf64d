#pragma once

#include "httpserver.h"
#include "stripeerror.h"

#include <QJsonObject>
#include <QString>

namespace boxoffice::fakepay {

class IdempotencyStore;

// One /v1 request that passed the key, the encoding and its endpoint's schema, and the two ways to
// answer it: answer() is kept for the request's Idempotency-Key (the work was done, or began), refuse()
// is not (the request was turned away before anything happened). Copies share the request; the
// answer may come later, from a timer, when the fake holds it back on purpose.
class ApiCall
{
public:
    ApiCall(HttpResponder responder, QJsonObject params, QString requestId, QString idempotencyKey,
            IdempotencyStore *idempotency);

    const QJsonObject &params() const { return m_params; }
    QString param(const QString &name) const { return m_params.value(name).toString(); }
    QString requestId() const { return m_requestId; }
    QString idempotencyKey() const { return m_idempotencyKey; }

    void answer(const HttpResponse &response) const;
    void refuse(const StripeError &error) const;
    void refuse(const HttpResponse &response) const;

private:
    HttpResponder m_responder;
    QJsonObject m_params;
    QString m_requestId;
    QString m_idempotencyKey;
    IdempotencyStore *m_idempotency;
};

} // namespace boxoffice::fakepay
