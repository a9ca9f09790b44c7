#include "kernel_args.h"

namespace tracelane::opencl {

std::optional<std::int64_t> littleEndianInt(std::string_view hex)
{
    const std::size_t bytes = hex.size() / 2;
    if (hex.size() % 2 != 0 || (bytes != 1 && bytes != 2 && bytes != 4 && bytes != 8))
        return std::nullopt;
    std::uint64_t value = 0;
    for (std::size_t b = 0; b < bytes; ++b) {
        unsigned byte = 0;
        for (std::size_t i = 0; i < 2; ++i) {
            const char c = hex[2 * b + i];
            const unsigned nibble = c >= '0' && c <= '9'   ? unsigned(c - '0')
                                    : c >= 'a' && c <= 'f' ? unsigned(c - 'a' + 10)
                                    : c >= 'A' && c <= 'F' ? unsigned(c - 'A' + 10)
                                                           : 16u;
            if (nibble > 15)
                return std::nullopt;
            byte = byte * 16 + nibble;
        }
        value |= std::uint64_t(byte) << (8 * b);
    }
    // Sign-extend: OpenCL ints are signed unless declared otherwise.
    if (bytes < 8 && (value >> (8 * bytes - 1)) & 1)
        value |= ~std::uint64_t(0) << (8 * bytes);
    return static_cast<std::int64_t>(value);
}

std::optional<GemmSizes> gemmSizes(std::string_view kernelName, const KernelArgs &args)
{
    if (kernelName.substr(0, 5) != "Xgemm")
        return std::nullopt;
    std::int64_t v[3];
    for (std::int64_t i = 0; i < 3; ++i) {
        const auto arg = args.find(i);
        if (arg == args.end())
            return std::nullopt;
        const auto value = littleEndianInt(arg->second.hex);
        if (!value || *value < 0)
            return std::nullopt;
        v[i] = *value;
    }
    return GemmSizes{v[0], v[1], v[2]};
}

std::string kernelArgsJson(const KernelArgs &args)
{
    std::string json = "[";
    for (const auto &[index, arg] : args) {
        if (json.size() > 1)
            json += ',';
        json += "{\"index\":" + std::to_string(index) + ",\"size\":" + std::to_string(arg.size) + ",\"value\":\"";
        for (const char c : arg.hex) // hex digits only, as checked by the reader; anything else is dropped
            if ((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F'))
                json += c;
        json += '"';
        if (const auto value = littleEndianInt(arg.hex))
            json += ",\"int\":" + std::to_string(*value);
        json += '}';
    }
    return json + "]";
}

} // namespace tracelane::opencl
