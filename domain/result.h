#pragma once

#include "domain/domainerror.h"

#include <utility>
#include <variant>

namespace boxoffice {

// A value or a DomainError. The project's rule is no exceptions across layers: every call that can
// fail says so in its return type, and the caller must look before it takes the value.
template<typename T> class [[nodiscard]] Result
{
public:
    Result(T value) : m_state(std::in_place_index<0>, std::move(value)) { }
    Result(DomainError error) : m_state(std::in_place_index<1>, std::move(error)) { }

    bool ok() const { return m_state.index() == 0; }
    explicit operator bool() const { return ok(); }

    const T &value() const & { return std::get<0>(m_state); }
    T &value() & { return std::get<0>(m_state); }
    // By value: `for (x : call().value())` must not iterate a temporary that is already gone.
    T value() && { return std::get<0>(std::move(m_state)); }
    const T *operator->() const { return &std::get<0>(m_state); }
    const T &operator*() const { return std::get<0>(m_state); }

    const DomainError &error() const { return std::get<1>(m_state); }

private:
    std::variant<T, DomainError> m_state;
};

struct Done
{ };

// For operations that return nothing but can fail.
using Status = Result<Done>;

} // namespace boxoffice
