#pragma once

#include "domain/domainerror.h"
#include "storage/pginventory.h"
#include "testdatabase.h"

#include <QThread>

#include <atomic>
#include <condition_variable>
#include <functional>
#include <mutex>

namespace boxoffice::test {

// All buyers start a round together, so their statements really do race.
class Barrier
{
public:
    explicit Barrier(int parties) : m_parties(parties) { }
    void arriveAndWait()
    {
        std::unique_lock lock(m_mutex);
        const quint64 generation = m_generation;
        if (++m_waiting == m_parties) {
            m_waiting = 0;
            ++m_generation;
            m_changed.notify_all();
            return;
        }
        m_changed.wait(lock, [&] { return generation != m_generation; });
    }

private:
    std::mutex m_mutex;
    std::condition_variable m_changed;
    int m_parties;
    int m_waiting = 0;
    quint64 m_generation = 0;
};

struct Attempt
{
    bool granted = false;
    ErrorCode error = ErrorCode::Internal;
    QString message;
    QVector<UnitId> units;
};

// Runs `buyers` threads, each with its own connection and store, for `rounds` rounds. Between rounds
// the main thread resets and checks the database while every buyer waits.
class BuyerCrowd
{
public:
    using Buy = std::function<Attempt(PgInventory &, int round, int buyer)>;
    // For paths outside PgInventory (the front desk): the buyer's own connection as well.
    using BuyOnConnection = std::function<Attempt(DatabaseConnection &, PgInventory &, int round, int buyer)>;
    using Between = std::function<void(int round, const QVector<Attempt> &attempts)>;

    BuyerCrowd(const TestDatabase &db, int buyers) : m_db(db), m_buyers(buyers) { }

    bool run(int rounds, const Buy &buy, const std::function<void(int)> &reset, const Between &check)
    {
        return runOnConnections(
            rounds,
            [&](DatabaseConnection &, PgInventory &inventory, int round, int buyer) {
                return buy(inventory, round, buyer);
            },
            reset, check);
    }

    bool runOnConnections(int rounds, const BuyOnConnection &buy, const std::function<void(int)> &reset,
                          const Between &check)
    {
        Barrier start(m_buyers + 1);
        Barrier done(m_buyers + 1);
        QVector<Attempt> attempts(m_buyers);
        std::atomic<int> connectFailures{0};
        QVector<QThread *> threads;
        for (int buyer = 0; buyer < m_buyers; ++buyer) {
            threads << QThread::create([&, buyer] {
                auto connection = m_db.connect(QStringLiteral("buyer"));
                if (!connection)
                    ++connectFailures;
                auto inventory = connection ? std::make_unique<PgInventory>(connection->database()) : nullptr;
                for (int round = 0; round < rounds; ++round) {
                    start.arriveAndWait();
                    attempts[buyer] = inventory ? buy(*connection, *inventory, round, buyer) : Attempt{};
                    done.arriveAndWait();
                }
                inventory.reset();
            });
            threads.last()->start();
        }
        for (int round = 0; round < rounds; ++round) {
            reset(round);
            start.arriveAndWait();
            done.arriveAndWait();
            check(round, attempts);
        }
        for (QThread *thread : threads) {
            thread->wait();
            delete thread;
        }
        return connectFailures == 0;
    }

private:
    const TestDatabase &m_db;
    int m_buyers;
};

} // namespace boxoffice::test
