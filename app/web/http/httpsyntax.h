#pragma once

#include <QByteArrayView>

// The character classes of RFC 9110/9112 that the parser and the serializer both check against.
namespace boxoffice::web::http {

// tchar: what a method or a field name may consist of.
inline bool isTokenChar(uchar c)
{
    if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))
        return true;
    switch (c) {
    case '!':
    case '#':
    case '$':
    case '%':
    case '&':
    case '\'':
    case '*':
    case '+':
    case '-':
    case '.':
    case '^':
    case '_':
    case '`':
    case '|':
    case '~':
        return true;
    default:
        return false;
    }
}

inline bool isToken(QByteArrayView text)
{
    if (text.isEmpty())
        return false;
    for (const char c : text) {
        if (!isTokenChar(uchar(c)))
            return false;
    }
    return true;
}

// A field value's bytes: visible ASCII, space, HTAB and (obsolete, but harmless) bytes beyond ASCII;
// never NUL, CR, LF, DEL or another control character.
inline bool isFieldValueByte(uchar c)
{
    return c == '\t' || (c >= 0x20 && c != 0x7f);
}

inline bool isHexDigit(uchar c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

inline int hexValue(uchar c)
{
    if (c >= '0' && c <= '9')
        return c - '0';
    if (c >= 'a' && c <= 'f')
        return c - 'a' + 10;
    return c - 'A' + 10;
}

inline bool isWhitespace(uchar c)
{
    return c == ' ' || c == '\t';
}

} // namespace boxoffice::web::http
