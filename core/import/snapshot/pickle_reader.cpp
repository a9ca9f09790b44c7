#include "pickle_reader.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <unordered_map>

namespace tracelane::snapshot {
namespace {

enum Opcode : std::uint8_t {
    MARK = '(', STOP = '.', POP = '0', POP_MARK = '1', DUP = '2', FLOAT = 'F', INT = 'I', BININT = 'J',
    BININT1 = 'K', LONG = 'L', BININT2 = 'M', NONE = 'N', PERSID = 'P', BINPERSID = 'Q', REDUCE = 'R',
    STRING = 'S', BINSTRING = 'T', SHORT_BINSTRING = 'U', UNICODE = 'V', BINUNICODE = 'X', APPEND = 'a',
    BUILD = 'b', GLOBAL = 'c', DICT = 'd', EMPTY_DICT = '}', APPENDS = 'e', GET = 'g', BINGET = 'h', INST = 'i',
    LONG_BINGET = 'j', LIST = 'l', EMPTY_LIST = ']', OBJ = 'o', PUT = 'p', BINPUT = 'q', LONG_BINPUT = 'r',
    SETITEM = 's', TUPLE = 't', EMPTY_TUPLE = ')', SETITEMS = 'u', BINFLOAT = 'G',
    PROTO = 0x80, NEWOBJ = 0x81, EXT1 = 0x82, EXT2 = 0x83, EXT4 = 0x84, TUPLE1 = 0x85, TUPLE2 = 0x86,
    TUPLE3 = 0x87, NEWTRUE = 0x88, NEWFALSE = 0x89, LONG1 = 0x8a, LONG4 = 0x8b,
    BINBYTES = 'B', SHORT_BINBYTES = 'C',
    SHORT_BINUNICODE = 0x8c, BINUNICODE8 = 0x8d, BINBYTES8 = 0x8e, EMPTY_SET = 0x8f, ADDITEMS = 0x90,
    FROZENSET = 0x91, NEWOBJ_EX = 0x92, STACK_GLOBAL = 0x93, MEMOIZE = 0x94, FRAME = 0x95,
    BYTEARRAY8 = 0x96, NEXT_BUFFER = 0x97, READONLY_BUFFER = 0x98,
};

struct OpcodeName
{
    std::uint8_t code;
    const char *name;
};

constexpr OpcodeName kNames[] = {
    {MARK, "MARK"}, {STOP, "STOP"}, {POP, "POP"}, {POP_MARK, "POP_MARK"}, {DUP, "DUP"}, {FLOAT, "FLOAT"},
    {INT, "INT"}, {BININT, "BININT"}, {BININT1, "BININT1"}, {LONG, "LONG"}, {BININT2, "BININT2"},
    {NONE, "NONE"}, {PERSID, "PERSID"}, {BINPERSID, "BINPERSID"}, {REDUCE, "REDUCE"}, {STRING, "STRING"},
    {BINSTRING, "BINSTRING"}, {SHORT_BINSTRING, "SHORT_BINSTRING"}, {UNICODE, "UNICODE"},
    {BINUNICODE, "BINUNICODE"}, {APPEND, "APPEND"}, {BUILD, "BUILD"}, {GLOBAL, "GLOBAL"}, {DICT, "DICT"},
    {EMPTY_DICT, "EMPTY_DICT"}, {APPENDS, "APPENDS"}, {GET, "GET"}, {BINGET, "BINGET"}, {INST, "INST"},
    {LONG_BINGET, "LONG_BINGET"}, {LIST, "LIST"}, {EMPTY_LIST, "EMPTY_LIST"}, {OBJ, "OBJ"}, {PUT, "PUT"},
    {BINPUT, "BINPUT"}, {LONG_BINPUT, "LONG_BINPUT"}, {SETITEM, "SETITEM"}, {TUPLE, "TUPLE"},
    {EMPTY_TUPLE, "EMPTY_TUPLE"}, {SETITEMS, "SETITEMS"}, {BINFLOAT, "BINFLOAT"}, {PROTO, "PROTO"},
    {NEWOBJ, "NEWOBJ"}, {EXT1, "EXT1"}, {EXT2, "EXT2"}, {EXT4, "EXT4"}, {TUPLE1, "TUPLE1"},
    {TUPLE2, "TUPLE2"}, {TUPLE3, "TUPLE3"}, {NEWTRUE, "NEWTRUE"}, {NEWFALSE, "NEWFALSE"}, {LONG1, "LONG1"},
    {LONG4, "LONG4"}, {BINBYTES, "BINBYTES"}, {SHORT_BINBYTES, "SHORT_BINBYTES"},
    {SHORT_BINUNICODE, "SHORT_BINUNICODE"}, {BINUNICODE8, "BINUNICODE8"}, {BINBYTES8, "BINBYTES8"},
    {EMPTY_SET, "EMPTY_SET"}, {ADDITEMS, "ADDITEMS"}, {FROZENSET, "FROZENSET"}, {NEWOBJ_EX, "NEWOBJ_EX"},
    {STACK_GLOBAL, "STACK_GLOBAL"}, {MEMOIZE, "MEMOIZE"}, {FRAME, "FRAME"}, {BYTEARRAY8, "BYTEARRAY8"},
    {NEXT_BUFFER, "NEXT_BUFFER"}, {READONLY_BUFFER, "READONLY_BUFFER"},
};

// Opcodes that import, call or construct Python objects, or reach outside the data.
bool runsCode(std::uint8_t op)
{
    switch (op) {
    case GLOBAL: case STACK_GLOBAL: case REDUCE: case BUILD: case INST: case OBJ: case NEWOBJ: case NEWOBJ_EX:
    case EXT1: case EXT2: case EXT4: case PERSID: case BINPERSID: case NEXT_BUFFER: case READONLY_BUFFER:
        return true;
    default:
        return false;
    }
}

std::string hexByte(std::uint8_t byte)
{
    static constexpr char kHex[] = "0123456789abcdef";
    return std::string("0x") + kHex[byte >> 4] + kHex[byte & 15];
}

class Reader
{
public:
    Reader(std::string_view data, const PickleLimits &limits) : m_data(data), m_limits(limits) {}

    PickleRef run()
    {
        if (m_data.empty())
            fail("the pickle is empty", 0);
        if (std::uint8_t(m_data[0]) != PROTO)
            fail("not a pickle of protocol 2 or later (expected byte 0x80, found " + hexByte(std::uint8_t(m_data[0]))
                     + ")",
                 0);
        while (true) {
            if (m_pos >= m_data.size())
                fail("the pickle is truncated: it ends without STOP", m_pos);
            m_opStart = m_pos;
            const std::uint8_t op = std::uint8_t(m_data[m_pos++]);
            if (op == STOP) {
                if (m_stack.size() != 1 || !m_marks.empty())
                    fail("STOP with " + std::to_string(m_stack.size()) + " values on the stack (expected one)",
                         m_opStart);
                return m_stack.back();
            }
            step(op);
        }
    }

private:
    [[noreturn]] void fail(const std::string &what, std::uint64_t offset) const
    {
        throw PickleError("at byte " + std::to_string(offset) + ", " + what, offset);
    }

    std::string opName(std::uint8_t op) const
    {
        const std::string_view name = pickleOpcodeName(op);
        return (name.empty() ? std::string("unknown opcode") : std::string(name)) + " (" + hexByte(op) + ")";
    }

    std::string_view take(std::uint64_t n)
    {
        if (n > m_data.size() - m_pos)
            fail("the pickle is truncated: " + opName(std::uint8_t(m_data[m_opStart])) + " needs "
                     + std::to_string(n) + " bytes, " + std::to_string(m_data.size() - m_pos) + " are left",
                 m_opStart);
        const std::string_view bytes = m_data.substr(m_pos, std::size_t(n));
        m_pos += std::size_t(n);
        return bytes;
    }

    std::uint64_t littleEndian(std::size_t n)
    {
        const std::string_view bytes = take(n);
        std::uint64_t v = 0;
        for (std::size_t k = n; k-- > 0;)
            v = (v << 8) | std::uint8_t(bytes[k]);
        return v;
    }

    PickleRef make(PickleValue::Type type)
    {
        if (++m_values > m_limits.maxValues)
            fail("the pickle holds more than " + std::to_string(m_limits.maxValues) + " values", m_opStart);
        auto value = std::make_shared<PickleValue>();
        value->type = type;
        return value;
    }

    void push(PickleRef value) { m_stack.push_back(std::move(value)); }

    PickleRef pop()
    {
        if (m_stack.empty() || (!m_marks.empty() && m_stack.size() == m_marks.back()))
            fail(opName(std::uint8_t(m_data[m_opStart])) + " on an empty stack", m_opStart);
        PickleRef value = std::move(m_stack.back());
        m_stack.pop_back();
        return value;
    }

    PickleValue &top(PickleValue::Type type)
    {
        if (m_stack.empty() || (!m_marks.empty() && m_stack.size() == m_marks.back()))
            fail(opName(std::uint8_t(m_data[m_opStart])) + " on an empty stack", m_opStart);
        PickleValue &value = *m_stack.back();
        checkTarget(value, type);
        return value;
    }

    void checkTarget(const PickleValue &value, PickleValue::Type type)
    {
        if (value.type != type)
            fail(opName(std::uint8_t(m_data[m_opStart])) + " on a " + std::string(value.typeName()) + " (expected a "
                     + (type == PickleValue::Type::List ? "list" : "dict") + ")",
                 m_opStart);
        if (value.frozen)
            fail(opName(std::uint8_t(m_data[m_opStart]))
                     + " changes a container already placed inside another one (recursive data is not read)",
                 m_opStart);
    }

    // Places `child` inside `parent`: freezes it, checks the nesting depth.
    void adopt(PickleValue &parent, const PickleRef &child)
    {
        if (child.get() == &parent)
            fail("a container placed inside itself (recursive data is not read)", m_opStart);
        if (child->isContainer()) {
            child->frozen = true;
            parent.depth = std::max<std::uint16_t>(parent.depth, std::uint16_t(child->depth + 1));
            if (parent.depth > m_limits.maxDepth)
                fail("containers nest deeper than " + std::to_string(m_limits.maxDepth) + " levels", m_opStart);
        }
    }

    std::size_t popMark()
    {
        if (m_marks.empty())
            fail(opName(std::uint8_t(m_data[m_opStart])) + " without a MARK", m_opStart);
        const std::size_t mark = m_marks.back();
        m_marks.pop_back();
        return mark;
    }

    void checkKey(const PickleRef &key)
    {
        if (key->type != PickleValue::Type::String && key->type != PickleValue::Type::Int)
            fail("a dict key of type " + std::string(key->typeName()) + " (a snapshot has str and int keys only)",
                 m_opStart);
    }

    void setItems(PickleValue &dict, std::size_t from)
    {
        if ((m_stack.size() - from) % 2 != 0)
            fail("SETITEMS with an odd number of values", m_opStart);
        dict.entries.reserve(dict.entries.size() + (m_stack.size() - from) / 2);
        for (std::size_t k = from; k < m_stack.size(); k += 2) {
            checkKey(m_stack[k]);
            adopt(dict, m_stack[k + 1]);
            dict.entries.emplace_back(std::move(m_stack[k]), std::move(m_stack[k + 1]));
        }
        m_stack.resize(from);
    }

    void appendItems(PickleValue &list, std::size_t from)
    {
        list.items.reserve(list.items.size() + (m_stack.size() - from));
        for (std::size_t k = from; k < m_stack.size(); ++k) {
            adopt(list, m_stack[k]);
            list.items.push_back(std::move(m_stack[k]));
        }
        m_stack.resize(from);
    }

    void makeTuple(std::size_t from)
    {
        PickleRef tuple = make(PickleValue::Type::Tuple);
        appendItems(*tuple, from);
        push(std::move(tuple));
    }

    void memoPut(std::uint64_t index)
    {
        if (m_stack.empty())
            fail(opName(std::uint8_t(m_data[m_opStart])) + " on an empty stack", m_opStart);
        if (m_memo.size() >= m_limits.maxValues && !m_memo.count(index))
            fail("the pickle's memo passes " + std::to_string(m_limits.maxValues) + " entries", m_opStart);
        m_memo[index] = m_stack.back();
    }

    void memoGet(std::uint64_t index)
    {
        const auto it = m_memo.find(index);
        if (it == m_memo.end())
            fail(opName(std::uint8_t(m_data[m_opStart])) + " of memo entry " + std::to_string(index)
                     + ", which was never stored",
                 m_opStart);
        push(it->second);
    }

    void pushInt(std::int64_t v)
    {
        PickleRef value = make(PickleValue::Type::Int);
        value->i = v;
        push(std::move(value));
    }

    void pushLong(std::uint64_t n)
    {
        if (n > 8)
            fail("an integer of " + std::to_string(n) + " bytes (wider than 64 bits)", m_opStart);
        const std::string_view bytes = take(n);
        std::uint64_t v = 0;
        for (std::size_t k = bytes.size(); k-- > 0;)
            v = (v << 8) | std::uint8_t(bytes[k]);
        if (n > 0 && n < 8 && (std::uint8_t(bytes[n - 1]) & 0x80)) // negative: sign-extend
            v |= ~std::uint64_t(0) << (8 * n);
        pushInt(std::int64_t(v));
    }

    void pushText(PickleValue::Type type, std::uint64_t n)
    {
        const std::string_view bytes = take(n); // checked against what is left before copying
        PickleRef value = make(type);
        value->s.assign(bytes);
        push(std::move(value));
    }

    void step(std::uint8_t op)
    {
        using T = PickleValue::Type;
        switch (op) {
        case PROTO: {
            const std::uint8_t protocol = std::uint8_t(take(1)[0]);
            if (protocol < 2 || protocol > 4)
                fail("pickle protocol " + std::to_string(protocol) + " (snapshots use protocols 2 to 4)", m_opStart);
            break;
        }
        case FRAME: {
            const std::uint64_t size = littleEndian(8);
            if (size > m_data.size() - m_pos)
                fail("the pickle is truncated: a FRAME of " + std::to_string(size) + " bytes, "
                         + std::to_string(m_data.size() - m_pos) + " are left",
                     m_opStart);
            break;
        }
        case MARK: m_marks.push_back(m_stack.size()); break;
        case EMPTY_DICT: push(make(T::Dict)); break;
        case EMPTY_LIST: push(make(T::List)); break;
        case EMPTY_TUPLE: push(make(T::Tuple)); break;
        case TUPLE1: case TUPLE2: case TUPLE3: {
            const std::size_t n = op - TUPLE1 + 1;
            const std::size_t floor = m_marks.empty() ? 0 : m_marks.back();
            if (m_stack.size() < floor + n)
                fail(opName(op) + " with fewer than " + std::to_string(n) + " values on the stack", m_opStart);
            makeTuple(m_stack.size() - n);
            break;
        }
        case TUPLE: makeTuple(popMark()); break;
        case LIST: {
            const std::size_t from = popMark();
            PickleRef list = make(T::List);
            appendItems(*list, from);
            push(std::move(list));
            break;
        }
        case DICT: {
            const std::size_t from = popMark();
            PickleRef dict = make(T::Dict);
            setItems(*dict, from);
            push(std::move(dict));
            break;
        }
        case SETITEM: {
            PickleRef value = pop();
            PickleRef key = pop();
            PickleValue &dict = top(T::Dict);
            checkKey(key);
            adopt(dict, value);
            dict.entries.emplace_back(std::move(key), std::move(value));
            break;
        }
        case SETITEMS: {
            const std::size_t from = popMark();
            if (from == 0)
                fail("SETITEMS without a dict below its MARK", m_opStart);
            PickleValue &dict = *m_stack[from - 1];
            checkTarget(dict, T::Dict);
            setItems(dict, from);
            break;
        }
        case APPEND: {
            PickleRef value = pop();
            PickleValue &list = top(T::List);
            adopt(list, value);
            list.items.push_back(std::move(value));
            break;
        }
        case APPENDS: {
            const std::size_t from = popMark();
            if (from == 0)
                fail("APPENDS without a list below its MARK", m_opStart);
            PickleValue &list = *m_stack[from - 1];
            checkTarget(list, T::List);
            appendItems(list, from);
            break;
        }
        case BININT: pushInt(std::int32_t(std::uint32_t(littleEndian(4)))); break;
        case BININT1: pushInt(std::int64_t(littleEndian(1))); break;
        case BININT2: pushInt(std::int64_t(littleEndian(2))); break;
        case LONG1: pushLong(littleEndian(1)); break;
        case LONG4: {
            const std::int32_t n = std::int32_t(std::uint32_t(littleEndian(4)));
            if (n < 0)
                fail("LONG4 with a negative length", m_opStart);
            pushLong(std::uint64_t(n));
            break;
        }
        case BINFLOAT: {
            const std::string_view bytes = take(8);
            std::uint64_t bits = 0;
            for (const char c : bytes) // big-endian
                bits = (bits << 8) | std::uint8_t(c);
            PickleRef value = make(T::Float);
            value->f = std::bit_cast<double>(bits);
            push(std::move(value));
            break;
        }
        case NONE: push(make(T::None)); break;
        case NEWTRUE: case NEWFALSE: {
            PickleRef value = make(T::Bool);
            value->b = op == NEWTRUE;
            push(std::move(value));
            break;
        }
        case SHORT_BINUNICODE: pushText(T::String, littleEndian(1)); break;
        case BINUNICODE: pushText(T::String, littleEndian(4)); break;
        case BINUNICODE8: pushText(T::String, littleEndian(8)); break;
        case SHORT_BINBYTES: pushText(T::Bytes, littleEndian(1)); break;
        case BINBYTES: pushText(T::Bytes, littleEndian(4)); break;
        case BINBYTES8: pushText(T::Bytes, littleEndian(8)); break;
        case MEMOIZE: memoPut(m_memo.size()); break;
        case BINPUT: memoPut(littleEndian(1)); break;
        case LONG_BINPUT: memoPut(littleEndian(4)); break;
        case BINGET: memoGet(littleEndian(1)); break;
        case LONG_BINGET: memoGet(littleEndian(4)); break;
        default:
            if (runsCode(op))
                fail("pickle opcode " + opName(op)
                         + " would import or call a Python object; Tracelane never runs code from a pickle, and a "
                           "memory snapshot holds plain data only",
                     m_opStart);
            fail("pickle opcode " + opName(op) + " is not one a memory snapshot uses", m_opStart);
        }
    }

    std::string_view m_data;
    const PickleLimits &m_limits;
    std::size_t m_pos = 0;
    std::size_t m_opStart = 0;
    std::size_t m_values = 0;
    std::vector<PickleRef> m_stack;
    std::vector<std::size_t> m_marks;
    std::unordered_map<std::uint64_t, PickleRef> m_memo;
};

} // namespace

std::string_view pickleOpcodeName(std::uint8_t opcode)
{
    for (const OpcodeName &entry : kNames)
        if (entry.code == opcode)
            return entry.name;
    return {};
}

const PickleValue *PickleValue::find(std::string_view key) const
{
    if (type != Type::Dict)
        return nullptr;
    for (auto it = entries.rbegin(); it != entries.rend(); ++it)
        if (it->first->type == Type::String && it->first->s == key)
            return it->second.get();
    return nullptr;
}

std::string_view PickleValue::typeName() const
{
    switch (type) {
    case Type::None: return "None";
    case Type::Bool: return "bool";
    case Type::Int: return "int";
    case Type::Float: return "float";
    case Type::String: return "str";
    case Type::Bytes: return "bytes";
    case Type::List: return "list";
    case Type::Tuple: return "tuple";
    case Type::Dict: return "dict";
    }
    return "?";
}

PickleRef readPickle(std::string_view data, const PickleLimits &limits)
{
    return Reader(data, limits).run();
}

} // namespace tracelane::snapshot
