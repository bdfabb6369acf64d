#include "httprequestparser.h"

#include "httplogging.h"
#include "httpsyntax.h"

#include <QStringDecoder>

#include <cstring>

namespace boxoffice::web::http {

namespace {

QByteArrayView trimmedWhitespace(QByteArrayView text)
{
    qsizetype begin = 0;
    qsizetype end = text.size();
    while (begin < end && isWhitespace(uchar(text[begin])))
        ++begin;
    while (end > begin && isWhitespace(uchar(text[end - 1])))
        --end;
    return text.sliced(begin, end - begin);
}

bool allDigits(QByteArrayView text)
{
    if (text.isEmpty())
        return false;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return false;
    }
    return true;
}

// Every '%' starts an escape of two hex digits: anything else would be read differently by
// different decoders, so it is refused rather than guessed.
bool validPercentEncoding(QByteArrayView text)
{
    for (qsizetype i = 0; i < text.size(); ++i) {
        if (text[i] != '%')
            continue;
        if (i + 2 >= text.size() || !isHexDigit(uchar(text[i + 1])) || !isHexDigit(uchar(text[i + 2])))
            return false;
        i += 2;
    }
    return true;
}

bool validUtf8WithoutNul(const QByteArray &bytes)
{
    if (bytes.contains('\0'))
        return false;
    QStringDecoder decoder(QStringDecoder::Utf8, QStringConverter::Flag::Stateless);
    const QString decoded = decoder.decode(bytes);
    return !decoder.hasError();
}

// The comma-separated tokens of every `name` field, lower-cased.
QList<QByteArray> listTokens(const HttpRequest &request, QByteArrayView name)
{
    QList<QByteArray> tokens;
    for (const QByteArray &value : request.headerValues(name)) {
        for (const QByteArray &part : value.split(',')) {
            const QByteArrayView token = trimmedWhitespace(part);
            if (!token.isEmpty())
                tokens.append(token.toByteArray().toLower());
        }
    }
    return tokens;
}

} // namespace

HttpRequestParser::HttpRequestParser(const HttpLimits &limits) : m_limits(limits) { }

HttpRequest HttpRequestParser::takeRequest()
{
    HttpRequest request = std::move(m_request);
    m_request = HttpRequest();
    m_state = State::RequestLine;
    m_line.clear();
    m_leadingBytes = 0;
    m_headerBytes = 0;
    m_fieldCount = 0;
    m_chunkFraming = 0;
    m_remaining = 0;
    m_continue = false;
    return request;
}

bool HttpRequestParser::takeContinueRequest()
{
    const bool wanted = m_continue;
    m_continue = false;
    return wanted;
}

HttpRequestParser::Phase HttpRequestParser::phase() const
{
    switch (m_state) {
    case State::RequestLine:
        return m_line.isEmpty() && m_leadingBytes == 0 ? Phase::Idle : Phase::Head;
    case State::Headers:
        return Phase::Head;
    case State::Body:
    case State::ChunkSize:
    case State::ChunkData:
    case State::ChunkDataEnd:
    case State::Trailers:
        return Phase::Body;
    case State::Done:
    case State::Failed:
        break;
    }
    return Phase::Idle;
}

qsizetype HttpRequestParser::bufferedBytes() const
{
    return m_line.size() + m_headerBytes + m_request.target.size() + m_request.body.size();
}

HttpRequestParser::LineLimit HttpRequestParser::lineLimit() const
{
    switch (m_state) {
    case State::RequestLine:
        return {m_limits.maxRequestLineBytes, 414,
                QStringLiteral("The request line is longer than %1 bytes.").arg(m_limits.maxRequestLineBytes)};
    case State::Headers:
    case State::Trailers:
        return {qMax<qsizetype>(0, m_limits.maxHeaderBytes - m_headerBytes), 431,
                QStringLiteral("The header fields are longer than %1 bytes.").arg(m_limits.maxHeaderBytes)};
    case State::ChunkSize:
        return {m_limits.maxChunkLineBytes, 400,
                QStringLiteral("A chunk-size line is longer than %1 bytes.").arg(m_limits.maxChunkLineBytes)};
    default:
        // ChunkDataEnd: nothing may come between a chunk's data and its CRLF.
        return {0, 400, QStringLiteral("A chunk's data is not followed by CRLF.")};
    }
}

qsizetype HttpRequestParser::feed(QByteArrayView data)
{
    qsizetype pos = 0;
    while (pos < data.size() && m_state != State::Done && m_state != State::Failed) {
        if (m_state == State::Body || m_state == State::ChunkData) {
            const qsizetype take = qsizetype(qMin<qint64>(m_remaining, data.size() - pos));
            m_request.body.append(data.data() + pos, take);
            pos += take;
            m_remaining -= take;
            if (m_remaining == 0) {
                if (m_state == State::Body)
                    finishRequest();
                else
                    m_state = State::ChunkDataEnd;
            }
            continue;
        }

        const auto *start = data.data() + pos;
        const auto *lf = static_cast<const char *>(std::memchr(start, '\n', size_t(data.size() - pos)));
        const qsizetype end = lf ? qsizetype(lf - data.data()) : data.size();
        const LineLimit limit = lineLimit();
        // The line's CR may still be ahead, hence the one byte of slack until the line is complete.
        if (m_line.size() + (end - pos) > limit.bytes + 1) {
            fail(limit.status, limit.message);
            return end;
        }
        m_line.append(start, end - pos);
        pos = lf ? end + 1 : end;
        if (!lf)
            break;
        if (!m_line.endsWith('\r')) {
            fail(400, QStringLiteral("A line ended with LF alone; HTTP lines end with CRLF."));
            return pos;
        }
        m_line.chop(1);
        if (m_line.size() > limit.bytes) {
            fail(limit.status, limit.message);
            return pos;
        }
        const QByteArray line = std::move(m_line);
        m_line = QByteArray();
        handleLine(line);
    }
    return pos;
}

void HttpRequestParser::handleLine(const QByteArray &line)
{
    switch (m_state) {
    case State::RequestLine:
        handleRequestLine(line);
        break;
    case State::Headers:
        handleFieldLine(line, false);
        break;
    case State::Trailers:
        handleFieldLine(line, true);
        break;
    case State::ChunkSize:
        handleChunkSizeLine(line);
        break;
    case State::ChunkDataEnd:
        // lineLimit() allowed nothing before the CRLF, so the line is empty here.
        if (countChunkFraming(2))
            m_state = State::ChunkSize;
        break;
    default:
        break;
    }
}

void HttpRequestParser::handleRequestLine(const QByteArray &line)
{
    if (line.isEmpty()) {
        // Some clients send a CRLF after a body; a run of them long enough to matter is not that.
        m_leadingBytes += 2;
        if (m_leadingBytes > m_limits.maxRequestLineBytes)
            fail(400, QStringLiteral("Too many empty lines before the request line."));
        return;
    }
    for (const char c : line) {
        if (c != ' ' && (uchar(c) < 0x21 || uchar(c) > 0x7e)) {
            fail(400, QStringLiteral("The request line holds a control character or a byte beyond ASCII."));
            return;
        }
    }
    const qsizetype sp1 = line.indexOf(' ');
    const qsizetype sp2 = sp1 < 0 ? -1 : line.indexOf(' ', sp1 + 1);
    if (sp1 <= 0 || sp2 < 0 || sp2 == sp1 + 1 || sp2 == line.size() - 1 || line.indexOf(' ', sp2 + 1) >= 0) {
        fail(400, QStringLiteral("The request line is not METHOD SP TARGET SP VERSION."));
        return;
    }
    const QByteArray method = line.left(sp1);
    const QByteArray target = line.mid(sp1 + 1, sp2 - sp1 - 1);
    const QByteArray version = line.mid(sp2 + 1);

    const bool versionShape = version.size() == 8 && version.startsWith("HTTP/") && version[5] >= '0'
        && version[5] <= '9' && version[6] == '.' && version[7] >= '0' && version[7] <= '9';
    if (!versionShape) {
        fail(400, QStringLiteral("The request line's version is not HTTP/x.y."));
        return;
    }
    if (version != "HTTP/1.1" && version != "HTTP/1.0") {
        fail(505,
             QStringLiteral("Only HTTP/1.0 and HTTP/1.1 are supported, not %1.").arg(QString::fromLatin1(version)));
        return;
    }
    if (!isToken(method)) {
        fail(400, QStringLiteral("The method is not a token."));
        return;
    }
    if (target == "*") {
        if (method != "OPTIONS") {
            fail(400, QStringLiteral("Only OPTIONS may have the target *."));
            return;
        }
    } else if (!target.startsWith('/')) {
        fail(400, QStringLiteral("The request target must be a path starting with /."));
        return;
    }
    if (target.contains('#')) {
        fail(400, QStringLiteral("The request target holds a fragment (#)."));
        return;
    }
    const qsizetype question = target.indexOf('?');
    const QByteArray rawPath = question < 0 ? target : target.left(question);
    const QByteArray rawQuery = question < 0 ? QByteArray() : target.mid(question + 1);
    if (!validPercentEncoding(rawPath) || !validPercentEncoding(rawQuery)) {
        fail(400, QStringLiteral("The request target holds a % not followed by two hex digits."));
        return;
    }
    const QByteArray decodedPath = QByteArray::fromPercentEncoding(rawPath);
    if (!validUtf8WithoutNul(decodedPath)) {
        fail(400, QStringLiteral("The request path is not valid UTF-8 or holds a NUL."));
        return;
    }

    m_request.method = method;
    m_request.target = target;
    m_request.path = QString::fromUtf8(decodedPath);
    m_request.query = QUrlQuery(QString::fromLatin1(rawQuery));
    m_request.versionMinor = version[7] - '0';
    m_state = State::Headers;
}

void HttpRequestParser::handleFieldLine(const QByteArray &line, bool trailer)
{
    if (line.isEmpty()) {
        if (trailer)
            finishRequest();
        else
            finishHead();
        return;
    }
    m_headerBytes += line.size() + 2;
    if (trailer && !countChunkFraming(line.size() + 2))
        return;
    if (++m_fieldCount > m_limits.maxHeaderFields) {
        fail(431, QStringLiteral("More than %1 header fields.").arg(m_limits.maxHeaderFields));
        return;
    }
    if (isWhitespace(uchar(line[0]))) {
        fail(400, QStringLiteral("Obsolete line folding is not accepted."));
        return;
    }
    const qsizetype colon = line.indexOf(':');
    if (colon < 0) {
        fail(400, QStringLiteral("A header line without a colon."));
        return;
    }
    const QByteArrayView name = QByteArrayView(line).first(colon);
    if (!isToken(name)) {
        fail(400, QStringLiteral("The header field name \"%1\" is not a token.").arg(loggableBytes(name, 64)));
        return;
    }
    const QByteArrayView value = trimmedWhitespace(QByteArrayView(line).sliced(colon + 1));
    for (const char c : value) {
        if (!isFieldValueByte(uchar(c))) {
            fail(400, QStringLiteral("The header field %1 holds a control character.").arg(loggableBytes(name, 64)));
            return;
        }
    }
    // Trailers are checked as strictly but dropped: no handler expects fields after the body.
    if (!trailer)
        m_request.headers.append({name.toByteArray().toLower(), value.toByteArray()});
}

void HttpRequestParser::finishHead()
{
    HttpRequest &request = m_request;
    const bool http11 = request.versionMinor == 1;

    const qsizetype hosts = request.headerValues("host").size();
    if (hosts > 1 || (http11 && hosts == 0)) {
        fail(400,
             hosts > 1 ? QStringLiteral("More than one Host field.")
                       : QStringLiteral("An HTTP/1.1 request needs a Host field."));
        return;
    }

    // Request smuggling lives in the disagreements between framings: any doubt is refused.
    const QList<QByteArray> transferEncodings = request.headerValues("transfer-encoding");
    const QList<QByteArray> contentLengths = request.headerValues("content-length");
    bool chunked = false;
    if (!transferEncodings.isEmpty()) {
        if (!contentLengths.isEmpty()) {
            fail(400, QStringLiteral("Content-Length and Transfer-Encoding together."));
            return;
        }
        if (!http11) {
            fail(400, QStringLiteral("Transfer-Encoding in an HTTP/1.0 request."));
            return;
        }
        if (transferEncodings.size() != 1 || transferEncodings[0].compare("chunked", Qt::CaseInsensitive) != 0) {
            fail(501, QStringLiteral("Only the transfer coding \"chunked\" is supported."));
            return;
        }
        chunked = true;
    }
    qint64 length = 0;
    if (!contentLengths.isEmpty()) {
        for (const QByteArray &value : contentLengths) {
            if (value != contentLengths[0]) {
                fail(400, QStringLiteral("Content-Length fields with different values."));
                return;
            }
        }
        if (!allDigits(contentLengths[0])) {
            fail(400, QStringLiteral("Content-Length is not a decimal number."));
            return;
        }
        const QByteArray &digits = contentLengths[0];
        // More than 18 digits cannot fit a qint64, and are far beyond any limit anyway.
        length = digits.size() > 18 ? std::numeric_limits<qint64>::max() : digits.toLongLong();
        if (length > m_limits.maxBodyBytes) {
            fail(413, QStringLiteral("The body is larger than %1 bytes.").arg(m_limits.maxBodyBytes));
            return;
        }
    }

    const QList<QByteArray> connection = listTokens(request, "connection");
    if (connection.contains("close"))
        request.keepAlive = false;
    else
        request.keepAlive = http11 || connection.contains("keep-alive");

    bool wantsContinue = false;
    const QList<QByteArray> expectations = request.headerValues("expect");
    // HTTP/1.0 had no Expect: RFC 9110 10.1.1 has it ignored there.
    if (http11 && !expectations.isEmpty()) {
        if (expectations.size() != 1 || expectations[0].compare("100-continue", Qt::CaseInsensitive) != 0) {
            fail(417, QStringLiteral("Only the expectation 100-continue is supported."));
            return;
        }
        wantsContinue = true;
    }

    if (chunked) {
        m_state = State::ChunkSize;
        m_continue = wantsContinue;
    } else if (length > 0) {
        m_remaining = length;
        request.body.reserve(qsizetype(length));
        m_state = State::Body;
        m_continue = wantsContinue;
    } else {
        finishRequest();
    }
}

void HttpRequestParser::handleChunkSizeLine(const QByteArray &line)
{
    if (!countChunkFraming(line.size() + 2))
        return;
    qint64 size = 0;
    qsizetype i = 0;
    const qint64 room = m_limits.maxBodyBytes - m_request.body.size();
    for (; i < line.size() && isHexDigit(uchar(line[i])); ++i) {
        size = size * 16 + hexValue(uchar(line[i]));
        if (size > room) {
            fail(413, QStringLiteral("The body is larger than %1 bytes.").arg(m_limits.maxBodyBytes));
            return;
        }
    }
    if (i == 0) {
        fail(400, QStringLiteral("A chunk size is not a hexadecimal number."));
        return;
    }
    // Extensions (";name=value") are allowed and ignored, but must still be clean text.
    const QByteArrayView rest = trimmedWhitespace(QByteArrayView(line).sliced(i));
    if (!rest.isEmpty() && rest[0] != ';') {
        fail(400, QStringLiteral("A chunk size is followed by something other than an extension."));
        return;
    }
    for (const char c : rest) {
        if (!isFieldValueByte(uchar(c))) {
            fail(400, QStringLiteral("A chunk extension holds a control character."));
            return;
        }
    }
    if (size == 0) {
        m_state = State::Trailers;
    } else {
        m_remaining = size;
        m_state = State::ChunkData;
    }
}

bool HttpRequestParser::countChunkFraming(qsizetype bytes)
{
    // Framing is not stored, but many tiny chunks with long extensions would keep a connection busy
    // for a body that stays small: framing beyond a body's and a header block's worth is refused.
    m_chunkFraming += bytes;
    if (m_chunkFraming > m_limits.maxBodyBytes + m_limits.maxHeaderBytes) {
        fail(413, QStringLiteral("The chunked body's framing is too large."));
        return false;
    }
    return true;
}

void HttpRequestParser::finishRequest()
{
    m_request.sequence = ++m_sequence;
    m_continue = false;
    m_state = State::Done;
}

void HttpRequestParser::fail(int status, const QString &message)
{
    m_error = HttpError::of(status, message);
    m_continue = false;
    m_state = State::Failed;
}

} // namespace boxoffice::web::http
