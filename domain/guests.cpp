#include "domain/guests.h"

#include <QRegularExpression>

namespace boxoffice {

namespace {

// Anything below a space, DEL and the C1 controls: never typed on a keyboard, and they break receipts,
// logs and QPSQL's text EXECUTE (a NUL). A note may wrap lines, nothing else.
bool hasControl(const QString &text, bool linesAllowed = false)
{
    for (const QChar c : text) {
        if (linesAllowed && (c == u'\n' || c == u'\r' || c == u'\t'))
            continue;
        if (c.category() == QChar::Other_Control)
            return true;
    }
    return false;
}

Status checkField(const QString &text, int most, bool linesAllowed = false)
{
    if (text.size() > most)
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("A guest detail is longer than %1 characters.").arg(most)),
            ErrorReason::GuestDetailTooLong, {QString::number(most)});
    if (hasControl(text, linesAllowed))
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("A guest detail holds a control character.")),
                          ErrorReason::GuestDetailUnprintable);
    return Done{};
}

} // namespace

GuestService::GuestService(GuestStore &store) : m_store(store) { }

Result<GuestDetails> GuestService::checked(const GuestDetails &details)
{
    GuestDetails clean{details.name.trimmed(), details.email.trimmed(), details.phone.trimmed(),
                       details.address.trimmed()};
    if (clean.name.isEmpty())
        return withReason(
            makeError(ErrorCode::BadInput, QStringLiteral("A stay is booked in a guest's name: type it.")),
            ErrorReason::GuestNameMissing);
    for (const auto &[text, most] : {std::pair{&clean.name, maxName}, std::pair{&clean.email, maxEmail},
                                     std::pair{&clean.phone, maxPhone}, std::pair{&clean.address, maxAddress}}) {
        if (auto status = checkField(*text, most); !status)
            return status.error();
    }
    static const QRegularExpression email(QStringLiteral("^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$"));
    if (!clean.email.isEmpty() && !email.match(clean.email).hasMatch())
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("That is not an e-mail address.")),
                          ErrorReason::GuestEmailInvalid);
    return clean;
}

Result<QVector<GuestProfile>> GuestService::search(const QString &text)
{
    const QString query = text.trimmed();
    if (query.size() < 2)
        return withReason(makeError(ErrorCode::BadInput, QStringLiteral("Type at least two characters to search.")),
                          ErrorReason::SearchTooShort);
    if (auto status = checkField(query, maxAddress); !status)
        return status.error();
    return m_store.search(query, maxResults);
}

Result<QVector<GuestProfile>> GuestService::suggestions(const GuestDetails &typed)
{
    // The most telling detail first: an e-mail or a phone names one person, a name may not.
    for (const QString &detail : {typed.email.trimmed(), typed.phone.trimmed(), typed.name.trimmed()}) {
        if (detail.size() < 3 || checkField(detail, maxAddress).ok() == false)
            continue;
        auto found = m_store.search(detail, 8);
        if (!found || !found->isEmpty())
            return found;
    }
    return QVector<GuestProfile>{};
}

Result<GuestProfile> GuestService::profile(GuestId guest)
{
    return m_store.profile(guest);
}

Status GuestService::update(GuestId guest, const GuestDetails &details, const QString &notes)
{
    auto clean = checked(details);
    if (!clean)
        return clean.error();
    if (auto status = checkField(notes, maxNotes, true); !status)
        return status;
    return m_store.update(guest, clean.value(), notes.trimmed());
}

Result<QVector<StayRecord>> GuestService::stays(GuestId guest)
{
    return m_store.stays(guest);
}

Result<GuestId> GuestService::bookAs(const CartId &cart, StayId stay, GuestId existing, const GuestDetails &details)
{
    auto clean = checked(details);
    if (!clean)
        return clean.error();
    return m_store.attachToHeldStay(cart, stay, existing, clean.value());
}

Result<GuestId> GuestService::guestOfStay(StayId stay)
{
    return m_store.guestOfStay(stay);
}

} // namespace boxoffice
