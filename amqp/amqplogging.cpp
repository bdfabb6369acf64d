#include "amqp/amqplogging.h"

// Info by default: an operator must see the broker go away and come back without raising a level.
Q_LOGGING_CATEGORY(lcAmqp, "boxoffice.amqp", QtInfoMsg)
