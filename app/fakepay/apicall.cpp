#include "apicall.h"

#include "idempotency.h"

namespace boxoffice::fakepay {

ApiCall::ApiCall(HttpResponder responder, QJsonObject params, QString requestId, QString idempotencyKey,
                 IdempotencyStore *idempotency)
    : m_responder(std::move(responder)), m_params(std::move(params)), m_requestId(std::move(requestId)),
      m_idempotencyKey(std::move(idempotencyKey)), m_idempotency(idempotency)
{ }

void ApiCall::answer(const HttpResponse &response) const
{
    if (!m_idempotencyKey.isEmpty())
        m_idempotency->finish(m_idempotencyKey, response);
    m_responder.send(response);
}

void ApiCall::refuse(const StripeError &error) const
{
    refuse(error.response());
}

void ApiCall::refuse(const HttpResponse &response) const
{
    if (!m_idempotencyKey.isEmpty())
        m_idempotency->forget(m_idempotencyKey);
    m_responder.send(response);
}

} // namespace boxoffice::fakepay
