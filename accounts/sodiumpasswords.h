#pragma once

#include "domain/buyeraccounts.h"

#include <QSemaphore>

namespace boxoffice {

// Argon2id through libsodium's crypto_pwhash_str: the salt and the cost are stored in the string, so a
// later, dearer cost still verifies the old hashes. Each hash takes about 64 MiB for a tenth of a
// second: at most `parallel` run at once, so a burst of sign-ins queues here instead of taking the
// machine's memory.
class SodiumPasswords final : public PasswordHasher
{
public:
    enum class Cost { Interactive, TestsOnly };
    explicit SodiumPasswords(Cost cost = Cost::Interactive, int parallel = 2);

    Result<QString> hash(const QString &password) override;
    bool verify(const QString &stored, const QString &password) override;

    static bool available();

private:
    unsigned long long m_opsLimit;
    size_t m_memLimit;
    QSemaphore m_slots;
};

} // namespace boxoffice
