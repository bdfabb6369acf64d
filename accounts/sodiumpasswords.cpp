#include "accounts/sodiumpasswords.h"

#include <sodium.h>

namespace boxoffice {

namespace {

class SlotGuard
{
public:
    explicit SlotGuard(QSemaphore &semaphore) : m_semaphore(semaphore) { m_semaphore.acquire(); }
    ~SlotGuard() { m_semaphore.release(); }
    SlotGuard(const SlotGuard &) = delete;
    SlotGuard &operator=(const SlotGuard &) = delete;

private:
    QSemaphore &m_semaphore;
};

} // namespace

bool SodiumPasswords::available()
{
    static const bool ready = sodium_init() >= 0;
    return ready;
}

SodiumPasswords::SodiumPasswords(Cost cost, int parallel)
    : m_opsLimit(cost == Cost::Interactive ? crypto_pwhash_OPSLIMIT_INTERACTIVE : crypto_pwhash_OPSLIMIT_MIN),
      m_memLimit(cost == Cost::Interactive ? crypto_pwhash_MEMLIMIT_INTERACTIVE : crypto_pwhash_MEMLIMIT_MIN),
      m_slots(qMax(1, parallel))
{
    available();
}

Result<QString> SodiumPasswords::hash(const QString &password)
{
    if (!available())
        return makeError(ErrorCode::Internal, QStringLiteral("The password library could not start."));
    const QByteArray utf8 = password.toUtf8();
    char out[crypto_pwhash_STRBYTES];
    SlotGuard slot(m_slots);
    if (crypto_pwhash_str_alg(out, utf8.constData(), static_cast<unsigned long long>(utf8.size()), m_opsLimit,
                              m_memLimit, crypto_pwhash_ALG_ARGON2ID13)
        != 0)
        return makeError(ErrorCode::Unavailable,
                         QStringLiteral("The server is short of memory to protect a password; try again."));
    return QString::fromLatin1(out);
}

bool SodiumPasswords::verify(const QString &stored, const QString &password)
{
    if (!available() || stored.isEmpty())
        return false;
    const QByteArray utf8 = password.toUtf8();
    const QByteArray hashed = stored.toLatin1();
    SlotGuard slot(m_slots);
    return crypto_pwhash_str_verify(hashed.constData(), utf8.constData(), static_cast<unsigned long long>(utf8.size()))
        == 0;
}

} // namespace boxoffice
