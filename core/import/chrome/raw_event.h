#pragma once
// One Chrome-trace event as read from the file, before it is mapped into the
// model. Reused from event to event to avoid allocations.

#include "model/time_units.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane {

// pid, tid and id may be written as numbers or strings ("Spans", "0x1f").
struct RawId
{
    bool present = false;
    bool isText = false;
    std::int64_t number = 0;
    std::string text;

    void setNumber(std::int64_t v)
    {
        present = true;
        isText = false;
        number = v;
    }
    void setText(std::string_view v)
    {
        present = true;
        isText = true;
        text.assign(v);
    }
    void clear() // keeps the text's storage
    {
        present = false;
        isText = false;
        number = 0;
        text.clear();
    }
};

struct RawArg
{
    enum class Kind : std::uint8_t { Null, Bool, Int, Double, String, Json };
    std::string key;
    Kind kind = Kind::Null;
    std::int64_t i = 0;
    double d = 0.0;
    std::string text; // String value or compact JSON of an array / object
    bool truncated = false; // Json cut at its depth limit (see ChromeSaxHandler::kMaxArgDepth)
    // StringTable::hashOf of key and text, when `hashed`: computed on the parser
    // threads so that interning on the mapping thread only looks up.
    bool hashed = false;
    std::uint64_t keyHash = 0, textHash = 0;
};

struct RawEvent
{
    std::string ph, cat, name, bp, scope;
    RawId pid, tid, id;
    RawId bindId;                 // flow events version 2: "bind_id" with "flow_in" / "flow_out"
    std::optional<TimeNs> ts, dur;
    bool badTime = false;         // ts or dur present but not a number
    bool flowIn = false, flowOut = false;
    bool hasFields = false;       // false for "{}", which writers append as a terminator
    std::vector<RawArg> args;     // first argCount entries are valid
    std::size_t argCount = 0;
    std::uint64_t byteOffset = 0; // where the event starts in the file, for diagnostics
    std::uint64_t index = 0;      // position in the traceEvents array: the model's source record
    bool hashed = false;          // nameHash is StringTable::hashOf(name)
    std::uint64_t nameHash = 0;

    void reset()
    {
        ph.clear();
        cat.clear();
        name.clear();
        bp.clear();
        scope.clear();
        pid.clear();
        tid.clear();
        id.clear(); // an async event without "id" must not inherit the last one
        bindId.clear();
        ts.reset();
        dur.reset();
        badTime = false;
        flowIn = flowOut = false;
        hasFields = false;
        hashed = false;
        argCount = 0;
    }
    RawArg &nextArg()
    {
        if (argCount == args.size())
            args.emplace_back();
        RawArg &a = args[argCount++];
        a.kind = RawArg::Kind::Null;
        a.text.clear();
        a.truncated = false;
        a.hashed = false;
        return a;
    }
    const RawArg *findArg(const char *key) const
    {
        for (std::size_t i = 0; i < argCount; ++i)
            if (args[i].key == key)
                return &args[i];
        return nullptr;
    }
};

} // namespace tracelane
