#include "domain/mailmessage.h"

#include <QDateTime>
#include <QLocale>

namespace boxoffice {

namespace {

QString withoutControls(QString text)
{
    for (QChar &c : text) {
        if (c.category() == QChar::Other_Control || c.category() == QChar::Other_Format || c == QChar::LineSeparator
            || c == QChar::ParagraphSeparator)
            c = QLatin1Char(' ');
    }
    return text.simplified();
}

bool plainAscii(const QString &text)
{
    for (const QChar c : text) {
        if (c.unicode() < 0x20 || c.unicode() > 0x7e)
            return false;
    }
    return true;
}

// An RFC 2047 encoded word per 45 bytes of UTF-8 (each under 76 characters), folded onto lines of
// their own; a character's bytes never split across words.
QByteArray encodedWords(const QString &text)
{
    QByteArray out;
    QByteArray chunk;
    const auto flush = [&] {
        if (chunk.isEmpty())
            return;
        if (!out.isEmpty())
            out += "\r\n ";
        out += "=?UTF-8?B?" + chunk.toBase64() + "?=";
        chunk.clear();
    };
    for (qsizetype i = 0; i < text.size(); ++i) {
        const qsizetype length = text.at(i).isHighSurrogate() && i + 1 < text.size() ? 2 : 1;
        const QByteArray bytes = text.mid(i, length).toUtf8();
        if (chunk.size() + bytes.size() > 45)
            flush();
        chunk += bytes;
        i += length - 1;
    }
    flush();
    return out;
}

QByteArray headerText(const QString &text)
{
    const QString clean = withoutControls(text);
    return plainAscii(clean) && clean.size() <= 900 ? clean.toLatin1() : encodedWords(clean);
}

// A display name as one phrase: quoted when plain ASCII (a comma or a colon in it would otherwise
// start another address), encoded words when not.
QByteArray displayNamePhrase(const QString &name)
{
    const QString clean = withoutControls(name);
    if (!plainAscii(clean) || clean.size() > 200)
        return encodedWords(clean);
    QByteArray quoted = clean.toLatin1();
    quoted.replace("\\", "\\\\").replace("\"", "\\\"");
    return "\"" + quoted + "\"";
}

QByteArray base64Lines(const QByteArray &data)
{
    const QByteArray encoded = data.toBase64();
    QByteArray out;
    out.reserve(encoded.size() + encoded.size() / 76 * 2 + 2);
    for (qsizetype at = 0; at < encoded.size(); at += 76)
        out += encoded.mid(at, 76) + "\r\n";
    return out;
}

} // namespace

QString bareAddress(const QString &from)
{
    const qsizetype open = from.lastIndexOf(QLatin1Char('<'));
    const qsizetype close = from.lastIndexOf(QLatin1Char('>'));
    if (open >= 0 && close > open)
        return from.mid(open + 1, close - open - 1).trimmed();
    return from.trimmed();
}

QByteArray composeMailMessage(const OutgoingMail &mail, const QString &from)
{
    const QString sender = bareAddress(withoutControls(from));
    const qsizetype at = sender.indexOf(QLatin1Char('@'));
    const QString domain = at >= 0 ? sender.mid(at + 1) : QStringLiteral("boxoffice.invalid");
    QString displayName = withoutControls(from);
    if (const qsizetype open = displayName.lastIndexOf(QLatin1Char('<')); open > 0) {
        displayName = displayName.left(open).trimmed();
        if (displayName.size() >= 2 && displayName.startsWith(QLatin1Char('"'))
            && displayName.endsWith(QLatin1Char('"')))
            displayName = displayName.mid(1, displayName.size() - 2);
    } else {
        displayName.clear();
    }
    // The same for every try of this mail: a receiver can tell a repeat after a lost acknowledgement.
    const QByteArray boundary = "=_boxoffice_" + QByteArray::number(mail.id) + "_" + QByteArray::number(mail.order);

    QByteArray message;
    message += "From: " + (displayName.isEmpty() ? QByteArray() : displayNamePhrase(displayName) + " ") + "<"
        + sender.toLatin1() + ">\r\n";
    message += "To: <" + withoutControls(mail.recipient).toLatin1() + ">\r\n";
    message += "Subject: " + headerText(mail.subject) + "\r\n";
    message += "Date: "
        + QLocale(QLocale::English)
              .toString(QDateTime::currentDateTimeUtc(), QStringLiteral("ddd, dd MMM yyyy HH:mm:ss"))
              .toLatin1()
        + " +0000\r\n";
    // An account's mail (a confirmation link, a reset) belongs to no order.
    const QByteArray orderPart = mail.order > 0 ? ".order-" + QByteArray::number(mail.order) : QByteArray();
    message += "Message-ID: <mail-" + QByteArray::number(mail.id) + orderPart + "@" + domain.toLatin1() + ">\r\n";
    message += "MIME-Version: 1.0\r\n";
    message += "Content-Type: multipart/mixed; boundary=\"" + boundary + "\"\r\n\r\n";
    message += "--" + boundary + "\r\n";
    message += "Content-Type: text/plain; charset=utf-8\r\nContent-Transfer-Encoding: base64\r\n\r\n";
    message += base64Lines(mail.body.toUtf8());
    if (!mail.attachment.isEmpty()) {
        const QByteArray name = "tickets-order-" + QByteArray::number(mail.order) + ".pdf";
        message += "--" + boundary + "\r\n";
        message += "Content-Type: application/pdf; name=\"" + name + "\"\r\n";
        message += "Content-Disposition: attachment; filename=\"" + name + "\"\r\n";
        message += "Content-Transfer-Encoding: base64\r\n\r\n";
        message += base64Lines(mail.attachment);
    }
    message += "--" + boundary + "--\r\n";
    return message;
}

} // namespace boxoffice
