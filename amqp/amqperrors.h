#pragma once

// Inside the amqp library only: rabbitmq-c's answers as DomainErrors.

#include "domain/domainerror.h"

#include <amqp.h>

namespace boxoffice {

// A status code from rabbitmq-c (AMQP_STATUS_*). A timeout, a socket error, a missed heartbeat: the
// broker cannot be used now (Unavailable). `context` says what we were doing.
DomainError amqpStatusError(int status, const QString &context);

// The reply of a synchronous method: the library's failure, or the broker closing the channel or the
// connection (ACCESS_REFUSED, NOT_FOUND, PRECONDITION_FAILED, ...) with its code and text.
DomainError amqpReplyError(const amqp_rpc_reply_t &reply, const QString &context);

// The broker's own close (channel.close or connection.close) as an error.
DomainError amqpCloseError(amqp_method_number_t method, const void *decoded, const QString &context);

} // namespace boxoffice
