#pragma once
// The nsys string table (StringIds / the JSON "data" array and "String" records):
// id -> text, each text interned into the model on first use.
//
// Real exports number their strings 0, 1, 2, ..., so ids are kept in a flat
// array. The array only grows to about twice the number of strings seen so
// far: a tiny file naming string id 60 000 000 must not make the importer
// allocate gigabytes, so ids past that go to a hash map instead.

#include "model/trace_builder.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace tracelane::nsys {

class StringIds
{
public:
    // Ids are any int64 >= 0; a later text for the same id replaces the earlier one.
    void set(std::int64_t id, std::string_view text);
    // The interned text, or nullopt for an id with no text.
    std::optional<StringId> intern(std::int64_t id, TraceBuilder &builder);
    void clear();

private:
    struct Entry
    {
        std::string text;          // until interned
        StringId interned = kNone; // kNone: no text; kPending: text not interned yet
    };
    static constexpr StringId kNone = 0xFFFFFFFEu;
    static constexpr StringId kPending = 0xFFFFFFFFu;
    Entry *find(std::int64_t id);

    std::vector<Entry> m_dense; // ids [0, size)
    std::unordered_map<std::int64_t, Entry> m_sparse;
    std::size_t m_count = 0;    // set() calls, which bound the flat array's growth
};

} // namespace tracelane::nsys
