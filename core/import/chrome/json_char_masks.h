#pragma once
// Bit masks of the JSON characters the chunk scanner cares about in a block of
// 64 bytes: bit i describes byte i. Built 16 bytes at a time with SSE2 (every
// x86-64 CPU has it), byte by byte elsewhere. The scanner then steps over
// string contents and whole nested values with a few instructions per block
// instead of a branch per byte.
//
// Example, for the block   {"a":"}",[1]}
//   quotes      .X.X.X.X.....    (bit 0 is the leftmost byte)
//   opens       X........X...
//   closes      ......X....XX    (the '}' inside the string too: callers mask strings out)

#include <bit>
#include <cstdint>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace tracelane {

struct JsonCharMasks
{
    std::uint64_t quotes = 0;
    std::uint64_t backslashes = 0;
    std::uint64_t opens = 0;  // '{' or '['
    std::uint64_t closes = 0; // '}' or ']'
};

// Which bytes are inside a string, given the unescaped quotes of a block and
// whether the block starts inside one: a running XOR of the quote bits. The
// opening quote counts as inside, the closing one as outside.
inline std::uint64_t insideStrings(std::uint64_t quotes, bool startsInside)
{
    std::uint64_t x = quotes;
    x ^= x << 1;
    x ^= x << 2;
    x ^= x << 4;
    x ^= x << 8;
    x ^= x << 16;
    x ^= x << 32;
    return startsInside ? ~x : x;
}

// std::popcount is a library call on baseline x86-64 (no POPCNT instruction).
inline int countBits(std::uint64_t x)
{
#if defined(__POPCNT__)
    return std::popcount(x);
#else
    x = x - ((x >> 1) & 0x5555555555555555ull);
    x = (x & 0x3333333333333333ull) + ((x >> 2) & 0x3333333333333333ull);
    x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0Full;
    return static_cast<int>((x * 0x0101010101010101ull) >> 56);
#endif
}

#if defined(__SSE2__)

namespace detail {
inline std::uint64_t byteMask(__m128i bytes, char c, int shift)
{
    const int bits = _mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(c)));
    return std::uint64_t(static_cast<std::uint16_t>(bits)) << shift;
}
} // namespace detail

inline JsonCharMasks classifyBlock(const char *p)
{
    JsonCharMasks m;
    for (int i = 0; i < 4; ++i) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * i));
        // '{' | 0x20 == '{' == '[' | 0x20, and the same for '}' and ']'.
        const __m128i folded = _mm_or_si128(bytes, _mm_set1_epi8(0x20));
        m.quotes |= detail::byteMask(bytes, '"', 16 * i);
        m.backslashes |= detail::byteMask(bytes, '\\', 16 * i);
        m.opens |= detail::byteMask(folded, '{', 16 * i);
        m.closes |= detail::byteMask(folded, '}', 16 * i);
    }
    return m;
}

// Bytes of the block equal to c.
inline std::uint64_t blockBytesEqual(const char *p, char c)
{
    std::uint64_t mask = 0;
    for (int i = 0; i < 4; ++i)
        mask |= detail::byteMask(_mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * i)), c, 16 * i);
    return mask;
}

// Bytes of the block that are not JSON whitespace (space, \n, \r, \t).
inline std::uint64_t blockNonSpace(const char *p)
{
    std::uint64_t space = 0;
    for (int i = 0; i < 4; ++i) {
        const __m128i bytes = _mm_loadu_si128(reinterpret_cast<const __m128i *>(p + 16 * i));
        const __m128i s = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\n'))),
            _mm_or_si128(_mm_cmpeq_epi8(bytes, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(bytes, _mm_set1_epi8('\t'))));
        space |= std::uint64_t(static_cast<std::uint16_t>(_mm_movemask_epi8(s))) << (16 * i);
    }
    return ~space;
}

#else

inline JsonCharMasks classifyBlock(const char *p)
{
    JsonCharMasks m;
    for (int i = 0; i < 64; ++i) {
        const char c = p[i];
        const std::uint64_t bit = std::uint64_t(1) << i;
        m.quotes |= c == '"' ? bit : 0;
        m.backslashes |= c == '\\' ? bit : 0;
        m.opens |= (c == '{' || c == '[') ? bit : 0;
        m.closes |= (c == '}' || c == ']') ? bit : 0;
    }
    return m;
}

inline std::uint64_t blockBytesEqual(const char *p, char c)
{
    std::uint64_t mask = 0;
    for (int i = 0; i < 64; ++i)
        mask |= p[i] == c ? std::uint64_t(1) << i : 0;
    return mask;
}

inline std::uint64_t blockNonSpace(const char *p)
{
    std::uint64_t mask = 0;
    for (int i = 0; i < 64; ++i) {
        const char c = p[i];
        mask |= (c == ' ' || c == '\n' || c == '\r' || c == '\t') ? 0 : std::uint64_t(1) << i;
    }
    return mask;
}

#endif

} // namespace tracelane
