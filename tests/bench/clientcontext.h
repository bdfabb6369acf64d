#pragma once

#include "domain/ids.h"

#include <QRandomGenerator>
#include <QSqlDatabase>
#include <QVector>

#include <memory>

namespace boxoffice::bench {

// A scenario's per-client state kept between attempts: prepared queries, a store. Created in the
// client's thread and destroyed there too, before its connection closes.
class ClientState
{
public:
    virtual ~ClientState() = default;
};

// A unit a client was told it holds, under the cart it used.
struct HeldClaim
{
    UnitId unit = 0;
    CartId cart;
};

// One client of a run: its connection (while its thread runs), its own random numbers, and what it
// was told, which the scenario's verify() holds against the database afterwards.
class ClientContext
{
public:
    ClientContext(int index, quint32 seed);

    int index() const { return m_index; }
    QSqlDatabase database() const { return m_database; }
    QRandomGenerator &random() { return m_random; }

    // A fresh cart for every attempt: re-holding a seat under the same cart is a retry that the product
    // grants again on purpose, which would hide a lost race.
    CartId nextCart();

    void recordHold(UnitId unit, const CartId &cart) { m_holds.append(HeldClaim{unit, cart}); }
    // Evidence that another buyer took a unit while this client held it.
    void recordStolen() { ++m_stolen; }
    const QVector<HeldClaim> &holds() const { return m_holds; }
    int stolen() const { return m_stolen; }

    void setState(std::unique_ptr<ClientState> state) { m_state = std::move(state); }
    template<typename T> T &state() { return static_cast<T &>(*m_state); }

    // The runner attaches the thread's connection before openClient() and detaches it when the thread
    // is done; detaching drops the scenario's state first.
    void attach(QSqlDatabase database) { m_database = std::move(database); }
    void detach();

private:
    int m_index = 0;
    QRandomGenerator m_random;
    qint64 m_carts = 0;
    QSqlDatabase m_database;
    std::unique_ptr<ClientState> m_state;
    QVector<HeldClaim> m_holds;
    int m_stolen = 0;
};

} // namespace boxoffice::bench
