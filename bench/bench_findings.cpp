// Findings benchmark: every rule on a large trace.
//   bench_findings TRACE [--runs N]
// Loads TRACE, then times computeFindings (all rules, as `tracelane-cli
// findings` computes them after loading) N times (default 3) and reports the
// fastest and the median, then each rule alone once (ruleFindings, shared work
// such as the GPU stream index redone per rule). Prints one JSON line; budget:
// all findings < 2 s on 5 M events.
#include "analysis/findings/findings.h"
#include "bench_measure.h"
#include "import/importer.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

using namespace tracelane;
using namespace tracelane::bench;

int main(int argc, char **argv)
{
    if (argc != 2 && !(argc == 4 && std::strcmp(argv[2], "--runs") == 0)) {
        std::fprintf(stderr, "usage: bench_findings TRACE [--runs N]\n");
        return 2;
    }
    const int runs = argc == 4 ? std::max(1, std::atoi(argv[3])) : 3;
    const auto loadStart = Clock::now();
    const ImportResult loaded = loadTrace(argv[1]);
    if (!loaded.ok()) {
        std::fprintf(stderr, "bench_findings: %s\n", loaded.error.c_str());
        return 3;
    }
    const double loadSeconds = seconds(loadStart);
    const Trace &trace = *loaded.trace;

    std::vector<double> allMs;
    std::size_t findings = 0;
    std::int64_t events = 0;
    for (int r = 0; r < runs; ++r) {
        const auto start = Clock::now();
        const std::vector<Finding> found = computeFindings(trace);
        findingsTable(found);
        allMs.push_back(milliseconds(start));
        findings = found.size();
        events = 0;
        for (const Finding &f : found)
            events += static_cast<std::int64_t>(f.events.size());
    }
    std::string perRule;
    for (const std::string_view rule : findingRules()) {
        const auto start = Clock::now();
        const std::vector<Finding> found = ruleFindings(trace, rule);
        const double ms = milliseconds(start);
        perRule += (perRule.empty() ? "" : ",") + std::string("\"") + std::string(rule) + "_ms\":" + std::to_string(ms);
    }
    std::printf("{\"trace\":\"%s\",\"events\":%llu,\"load_s\":%.2f,\"runs\":%d,\"all_findings_best_ms\":%.1f,"
                "\"all_findings_median_ms\":%.1f,\"findings\":%zu,\"finding_events\":%lld,%s,\"peak_rss_kb\":%ld}\n",
                argv[1], static_cast<unsigned long long>(trace.eventCount()), loadSeconds, runs,
                *std::min_element(allMs.begin(), allMs.end()), median(allMs), findings,
                static_cast<long long>(events), perRule.c_str(), peakRssKb());
    return 0;
}
