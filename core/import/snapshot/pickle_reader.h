#pragma once
// A strict reader for the pickles that torch.cuda.memory._dump_snapshot writes:
// protocol 2 to 4, holding only None, bool, int, float, str, bytes, list, tuple
// and dict. It builds a plain value tree and nothing else.
//
// A pickle is a program for Python's unpickler, and a hostile one runs code
// (GLOBAL + REDUCE calls any importable function). This reader never imports
// or calls anything: every opcode that names a Python object, builds an
// instance or reaches outside the data (GLOBAL, STACK_GLOBAL, REDUCE, BUILD,
// INST, OBJ, NEWOBJ, NEWOBJ_EX, EXT1/2/4, PERSID, BINPERSID, protocol 5
// buffers) is refused with an error naming the opcode and its byte offset,
// as is any opcode a snapshot does not need.
//
// E.g. input:  80 02 7d 71 00 58 01 00 00 00 61 4b 01 73 2e   ({'a': 1})
//      output: Dict{ "a": Int 1 }
//
// Bounds: containers nest at most kMaxDepth deep; at most kMaxValues values
// and memo entries; every length is checked against the bytes left before
// anything is allocated; integers wider than 64 bits are an error. Memo
// references share one node (no copies), a container is frozen once it sits
// inside another one (so no cycle can form), and dict keys are appended and
// looked up from the back (last one wins, as in Python) so that no step is
// quadratic.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace tracelane::snapshot {

class PickleError : public std::runtime_error
{
public:
    PickleError(const std::string &what, std::uint64_t offset) : std::runtime_error(what), m_offset(offset) {}
    std::uint64_t offset() const { return m_offset; }

private:
    std::uint64_t m_offset;
};

struct PickleValue;
using PickleRef = std::shared_ptr<PickleValue>;

struct PickleValue
{
    enum class Type : std::uint8_t { None, Bool, Int, Float, String, Bytes, List, Tuple, Dict };
    Type type = Type::None;
    bool frozen = false;     // inside another container: no longer changed
    std::uint16_t depth = 0; // containers below this one, 0 for a scalar or an empty container
    bool b = false;
    std::int64_t i = 0;
    double f = 0.0;
    std::string s;                                 // String (UTF-8 as written) or Bytes
    std::vector<PickleRef> items;                  // List, Tuple
    std::vector<std::pair<PickleRef, PickleRef>> entries; // Dict, in insertion order; keys str or int

    bool isContainer() const { return type == Type::List || type == Type::Tuple || type == Type::Dict; }
    bool isSequence() const { return type == Type::List || type == Type::Tuple; }
    // The value of `key` in a Dict (the last one when a key repeats); null if absent or not a Dict.
    const PickleValue *find(std::string_view key) const;
    std::string_view typeName() const; // "dict", "int"...
};

struct PickleLimits
{
    std::size_t maxDepth = 64;
    std::size_t maxValues = 32u << 20;
};

// The name of a pickle opcode ("BININT1"), or "" for a byte that is none.
std::string_view pickleOpcodeName(std::uint8_t opcode);

// Reads one pickle from `data` (bytes after STOP are ignored). Throws
// PickleError with a message naming the offset and what was wrong.
PickleRef readPickle(std::string_view data, const PickleLimits &limits = {});

} // namespace tracelane::snapshot
