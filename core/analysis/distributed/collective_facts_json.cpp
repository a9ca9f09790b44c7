#include "collective_facts_json.h"

#include <nlohmann/json.hpp>

#include <stdexcept>

namespace tracelane {
namespace {

using json = nlohmann::json;

json optionalInt(const std::optional<std::int64_t> &value)
{
    return value ? json(*value) : json(nullptr);
}

std::optional<std::int64_t> readOptionalInt(const json &object, const char *key)
{
    const auto it = object.find(key);
    if (it == object.end() || it->is_null())
        return std::nullopt;
    if (!it->is_number_integer())
        throw std::runtime_error(std::string("'") + key + "' is not an integer");
    return it->get<std::int64_t>();
}

template <typename T>
T readField(const json &object, const char *key)
{
    const auto it = object.find(key);
    if (it == object.end())
        throw std::runtime_error(std::string("'") + key + "' is missing");
    try {
        return it->get<T>();
    } catch (const json::exception &) {
        throw std::runtime_error(std::string("'") + key + "' has the wrong type");
    }
}

json rowJson(const RankRow &row)
{
    return {{"rank", optionalInt(row.rank)},
            {"file", row.file},
            {"iterations", row.iterations},
            {"iterationMedian", row.iterationMedian},
            {"iterationMax", row.iterationMax},
            {"gpuBusy", row.gpuBusy},
            {"gpuIdle", row.gpuIdle},
            {"communication", row.communication},
            {"overlapped", row.overlapped}};
}

RankRow readRow(const json &object)
{
    RankRow row;
    row.rank = readOptionalInt(object, "rank");
    row.file = readField<std::string>(object, "file");
    row.iterations = readField<std::size_t>(object, "iterations");
    row.iterationMedian = readField<double>(object, "iterationMedian");
    row.iterationMax = readField<TimeNs>(object, "iterationMax");
    row.gpuBusy = readField<TimeNs>(object, "gpuBusy");
    row.gpuIdle = readField<TimeNs>(object, "gpuIdle");
    row.communication = readField<TimeNs>(object, "communication");
    row.overlapped = readField<TimeNs>(object, "overlapped");
    return row;
}

json summaryJson(const RankFacts &facts)
{
    json first = json::array();
    for (const auto &[iteration, start] : facts.firstCollective)
        first.push_back({iteration, start});
    return {{"row", rowJson(facts.row)},
            {"firstCollective", first},
            {"epoch", optionalInt(facts.epoch)},
            {"start", facts.start}};
}

RankFacts readSummary(const json &object)
{
    RankFacts facts;
    facts.row = readRow(readField<json>(object, "row"));
    for (const json &pair : readField<json>(object, "firstCollective"))
        facts.firstCollective[pair.at(0).get<std::int64_t>()] = pair.at(1).get<TimeNs>();
    facts.epoch = readOptionalInt(object, "epoch");
    facts.start = readField<TimeNs>(object, "start");
    return facts;
}

json collectivesJson(const RankCollectiveFacts &facts)
{
    json groups = json::array();
    for (const ProcessGroupInfo &g : facts.groups)
        groups.push_back({{"name", g.name}, {"description", g.description}, {"ranks", g.ranks}, {"size", g.size}});
    json calls = json::array();
    for (const CollectiveCall &c : facts.calls)
        calls.push_back({c.group, c.collective, c.iteration == kNoIteration ? json(nullptr) : json(c.iteration),
                         c.start, c.duration, c.bytes ? json(*c.bytes) : json(nullptr), c.dtype, c.streamGroup});
    json iterations = json::array();
    for (const IterationSpan &s : facts.iterations)
        iterations.push_back({s.number, s.start, s.duration});
    return {{"rank", optionalInt(facts.rank)},
            {"file", facts.file},
            {"worldSize", optionalInt(facts.worldSize)},
            {"clockOffset", optionalInt(facts.clockOffset)},
            {"traceStart", facts.traceStart},
            {"groups", groups},
            {"calls", calls},
            {"iterations", iterations}};
}

RankCollectiveFacts readCollectives(const json &object)
{
    RankCollectiveFacts facts;
    facts.rank = readOptionalInt(object, "rank");
    facts.file = readField<std::string>(object, "file");
    facts.worldSize = readOptionalInt(object, "worldSize");
    facts.clockOffset = readOptionalInt(object, "clockOffset");
    facts.traceStart = readField<TimeNs>(object, "traceStart");
    for (const json &g : readField<json>(object, "groups"))
        facts.groups.push_back({readField<std::string>(g, "name"), readField<std::string>(g, "description"),
                                readField<std::vector<std::int64_t>>(g, "ranks"), readField<std::int64_t>(g, "size")});
    for (const json &c : readField<json>(object, "calls")) {
        if (!c.is_array() || c.size() != 8)
            throw std::runtime_error("a call is not a list of 8 values");
        CollectiveCall call;
        call.group = c[0].get<std::string>();
        call.collective = c[1].get<std::string>();
        call.iteration = c[2].is_null() ? kNoIteration : c[2].get<std::int64_t>();
        call.start = c[3].get<TimeNs>();
        call.duration = c[4].get<TimeNs>();
        if (!c[5].is_null())
            call.bytes = c[5].get<std::uint64_t>();
        call.dtype = c[6].get<std::string>();
        call.streamGroup = c[7].get<bool>();
        facts.calls.push_back(std::move(call));
    }
    for (const json &s : readField<json>(object, "iterations"))
        facts.iterations.push_back({s.at(0).get<std::int64_t>(), s.at(1).get<TimeNs>(), s.at(2).get<TimeNs>()});
    return facts;
}

} // namespace

std::string rankFactsJson(const RankReduction &reduction)
{
    const json document{{"tracelaneRankFacts", kRankFactsVersion},
                        {"path", reduction.path},
                        {"summary", summaryJson(reduction.summary)},
                        {"collectives", collectivesJson(reduction.collectives)},
                        {"hta", reduction.hta ? json::parse(htaStragglerFactsToJson(*reduction.hta)) : json(nullptr)}};
    // Names from the file may hold any bytes: invalid UTF-8 is replaced, not an error.
    return document.dump(-1, ' ', false, json::error_handler_t::replace);
}

RankReduction rankFactsFromJson(const std::string &text)
{
    const json document = json::parse(text, nullptr, /*allow_exceptions=*/false);
    if (!document.is_object() || !document.contains("tracelaneRankFacts"))
        throw std::runtime_error("not a rank facts document (made by `tracelane-cli collectives --reduce`)");
    if (!document["tracelaneRankFacts"].is_number_integer() ||
        document["tracelaneRankFacts"].get<int>() != kRankFactsVersion)
        throw std::runtime_error("rank facts of another version (this build reads version " +
                                 std::to_string(kRankFactsVersion) + ")");
    try {
        RankReduction reduction;
        reduction.path = readField<std::string>(document, "path");
        reduction.summary = readSummary(readField<json>(document, "summary"));
        reduction.collectives = readCollectives(readField<json>(document, "collectives"));
        if (const json hta = readField<json>(document, "hta"); !hta.is_null()) {
            std::string error;
            reduction.hta = htaStragglerFactsFromJson(hta.dump(), error);
            if (!error.empty())
                throw std::runtime_error("malformed rank facts: hta: " + error);
        }
        return reduction;
    } catch (const json::exception &e) {
        throw std::runtime_error(std::string("malformed rank facts: ") + e.what());
    }
}

} // namespace tracelane
