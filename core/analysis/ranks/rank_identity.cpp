#include "rank_identity.h"

#include "model/time_math.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <charconv>
#include <cstdlib>

namespace tracelane {
namespace {

// 10^18 ns after the epoch is 2001-09-09: no profiler's relative clock runs
// that long, and every epoch timestamp a profiler writes today is past it.
constexpr TimeNs kEpochTimesFrom = 1'000'000'000'000'000'000;

const std::string *metadataValue(const SourceInfo &source, std::string_view key)
{
    for (const auto &[k, value] : source.metadata)
        if (k == key)
            return &value;
    return nullptr;
}

std::optional<std::int64_t> integerField(const nlohmann::json &object, const char *key)
{
    const auto it = object.find(key);
    if (it == object.end() || !it->is_number_integer())
        return std::nullopt;
    return it->get<std::int64_t>();
}

} // namespace

DistributedInfo distributedInfo(const Trace &trace)
{
    return distributedInfo(trace.source);
}

DistributedInfo distributedInfo(const SourceInfo &source)
{
    DistributedInfo info;
    if (const std::string *text = metadataValue(source, "distributedInfo")) {
        const nlohmann::json object = nlohmann::json::parse(*text, nullptr, /*allow_exceptions=*/false);
        if (object.is_object()) {
            info.rank = integerField(object, "rank");
            info.worldSize = integerField(object, "world_size");
            if (const auto it = object.find("backend"); it != object.end() && it->is_string())
                info.backend = it->get<std::string>();
        }
    }
    // One rank of a merged file (SGLang, vLLM): the file's distributedInfo is
    // its first rank's, so the rank is the label's place among the file's ranks.
    if (const std::string *index = metadataValue(source, "rank index")) {
        std::int64_t value = 0;
        const auto [end, error] = std::from_chars(index->data(), index->data() + index->size(), value);
        if (error == std::errc() && end == index->data() + index->size())
            info.rank = value;
        if (const std::string *count = metadataValue(source, "ranks in file"))
            info.worldSize = std::max<std::int64_t>(info.worldSize.value_or(0), std::atoll(count->c_str()));
    }
    return info;
}

std::optional<TimeNs> epochOffset(const Trace &trace)
{
    if (trace.startNs >= kEpochTimesFrom)
        return TimeNs(0); // already epoch times, whatever the metadata says
    if (const std::string *text = metadataValue(trace.source, "baseTimeNanoseconds")) {
        TimeNs base = 0;
        const auto [end, error] = std::from_chars(text->data(), text->data() + text->size(), base);
        if (error == std::errc() && end == text->data() + text->size() && base >= kEpochTimesFrom &&
            isModelTime(base) && isModelTime(saturatingAdd(base, trace.endNs)))
            return base;
    }
    return std::nullopt;
}

} // namespace tracelane
