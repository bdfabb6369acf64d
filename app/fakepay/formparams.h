#pragma once

#include "stripeerror.h"

#include <QByteArray>
#include <QJsonObject>

#include <optional>

namespace boxoffice::fakepay {

// Stripe's form encoding, application/x-www-form-urlencoded with brackets: "metadata[order_id]=42" is a
// hash, "expand[]=a" and "expand[0]=a" are lists, "card[number]=4242..." nests. The result is a tree
// of JSON objects and arrays whose leaves are all strings, as they came: the endpoint's schema decides
// what a string means. Every byte is the network's: depth, count and length are bounded, and a
// malformed name is refused, never guessed at.
class FormParams
{
public:
    static constexpr int maxDepth = 5; // brackets after the name; billing_details[address][line1] needs 2
    static constexpr int maxPairs = 1000;
    static constexpr int maxListIndex = 999;
    static constexpr int maxNameBytes = 500;

    // Nothing when the text parsed into *params, else the 400 to answer with.
    static std::optional<StripeError> parse(const QByteArray &encoded, QJsonObject *params);

    // The bracket notation of a path, for error messages: {"card","number"} -> "card[number]".
    static QString pathName(const QStringList &path);
};

} // namespace boxoffice::fakepay
