#pragma once

#include "domain/result.h"

#include <QString>

#include <functional>
#include <optional>
#include <type_traits>

namespace boxoffice {

// One atomic piece of work over the stores that share this unit's connection: what the work writes
// through them commits together, or nothing of it does. Units nest: a use-case run inside another's
// unit becomes a savepoint of it, so an inner failure undoes the inner part only and the outer
// use-case decides what follows; only the outermost unit's commit makes anything visible.
// The work must not call the network (payment provider, mail): its row locks last until the end.
class UnitOfWork
{
public:
    virtual ~UnitOfWork() = default;

    // `context` words what is being done, for the error ("holding places for a buyer"). The work
    // returns a Status or a Result<T>; a failure rolls the work back and is returned as it was.
    template<typename Work> auto run(const QString &context, Work &&work) -> std::invoke_result_t<Work &>
    {
        using Outcome = std::invoke_result_t<Work &>;
        std::optional<Outcome> outcome;
        const Status status = runAtomically(context, [&]() -> Status {
            outcome.emplace(work());
            if (!outcome->ok())
                return outcome->error();
            return Done{};
        });
        if (!status)
            return status.error(); // the work's own failure, or a commit the database refused
        return std::move(*outcome);
    }

protected:
    virtual Status runAtomically(const QString &context, const std::function<Status()> &work) = 0;
};

} // namespace boxoffice
