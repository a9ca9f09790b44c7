// HtaStragglerFacts as JSON, so that one process per rank can write them and
// another combine them. nlohmann writes doubles as their shortest round-trip
// text, so reading them back gives the same bits.
#include "hta_straggler.h"

#include <nlohmann/json.hpp>

namespace tracelane {

std::string htaStragglerFactsToJson(const HtaStragglerFacts &facts)
{
    nlohmann::json kernels = nlohmann::json::array();
    for (const HtaStragglerKernel &k : facts.kernels)
        kernels.push_back(
            {{"name", k.name}, {"stream", k.stream}, {"iteration", k.iteration}, {"ts", k.ts}, {"dur", k.dur}});
    nlohmann::json iterations = nlohmann::json::array();
    for (const HtaStragglerIteration &i : facts.iterations)
        iterations.push_back({{"iteration", i.iteration},
                              {"min_ts", i.minTs},
                              {"last_end_ts", i.lastEndTs},
                              {"last_end_dur", i.lastEndDur}});
    const nlohmann::json json = {
        {"format", "tracelane-hta-straggler-facts"},
        {"version", 1},
        {"rank", facts.rank},
        {"rows", facts.rows},
        {"min_ts", facts.minTs},
        {"steps", facts.steps},
        {"rounded", facts.rounded},
        {"last_step_dropped", facts.lastStepDropped},
        {"iterations", iterations},
        {"kernels", kernels},
    };
    // Invalid UTF-8 in a kernel name is replaced rather than thrown on.
    return json.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

HtaStragglerFacts htaStragglerFactsFromJson(const std::string &text, std::string &error)
{
    error.clear();
    try {
        const nlohmann::json json = nlohmann::json::parse(text);
        if (json.value("format", "") != "tracelane-hta-straggler-facts" || json.value("version", 0) != 1) {
            error = "not Tracelane HTA straggler facts (format or version)";
            return {};
        }
        HtaStragglerFacts facts;
        facts.rank = json.at("rank").get<std::int64_t>();
        facts.rows = json.at("rows").get<std::size_t>();
        facts.minTs = json.at("min_ts").get<double>();
        facts.steps = json.at("steps").get<std::vector<std::int64_t>>();
        facts.rounded = json.at("rounded").get<bool>();
        facts.lastStepDropped = json.at("last_step_dropped").get<bool>();
        for (const nlohmann::json &i : json.at("iterations")) {
            HtaStragglerIteration it;
            it.iteration = i.at("iteration").get<std::int64_t>();
            it.minTs = i.at("min_ts").get<double>();
            it.lastEndTs = i.at("last_end_ts").get<double>();
            it.lastEndDur = i.at("last_end_dur").get<double>();
            facts.iterations.push_back(it);
        }
        for (const nlohmann::json &k : json.at("kernels")) {
            HtaStragglerKernel kernel;
            kernel.name = k.at("name").get<std::string>();
            kernel.stream = k.at("stream").get<std::int64_t>();
            kernel.iteration = k.at("iteration").get<std::int64_t>();
            kernel.ts = k.at("ts").get<double>();
            kernel.dur = k.at("dur").get<double>();
            facts.kernels.push_back(std::move(kernel));
        }
        return facts;
    } catch (const nlohmann::json::exception &e) {
        error = std::string("straggler facts: ") + e.what();
        return {};
    }
}

} // namespace tracelane
