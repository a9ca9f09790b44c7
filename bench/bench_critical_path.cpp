// Critical path benchmark: "What to fix" on a large trace.
//   bench_critical_path TRACE
// Loads TRACE, then times the critical path of the whole trace (graph, then the
// longest path), of every iteration as the Critical Path dock computes them
// (the first 200), a what-if on the whole trace, and the path's tables. Prints
// one JSON line; budget: critical path and all findings on 5 M events < 2 s
// (path_and_findings_ms: the whole trace's path, every rule, and each
// finding's time on the path, one after another on one core).
#include "analysis/critical/critical_path_scope.h"
#include "analysis/critical/critical_path_tables.h"
#include "analysis/critical/findings_on_path.h"
#include "analysis/critical/path_context.h"
#include "analysis/critical/what_if.h"
#include "analysis/operators/iteration_table.h"
#include "import/importer.h"

#include <chrono>
#include <ctime>
#include <cstdio>
#include <functional>
#include <future>
#include <optional>

using namespace tracelane;

namespace {

using Clock = std::chrono::steady_clock;

double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

// Wall time; the CPU time it took goes to `cpuMs` (what a busy machine does not inflate).
double timeMs(const std::function<void()> &work, double *cpuMs = nullptr)
{
    const double cpuStart = threadCpuMs();
    const auto start = Clock::now();
    work();
    if (cpuMs)
        *cpuMs = threadCpuMs() - cpuStart;
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

} // namespace

int main(int argc, char **argv)
{
    if (argc != 2) {
        std::fprintf(stderr, "usage: bench_critical_path TRACE\n");
        return 2;
    }
    const ImportResult loaded = loadTrace(argv[1]);
    if (!loaded.ok()) {
        std::fprintf(stderr, "bench_critical_path: %s\n", loaded.error.c_str());
        return 3;
    }
    const Trace &trace = *loaded.trace;
    const PathScope whole = wholeTracePathScope(trace);

    std::optional<PathContext> context;
    DependencyGraph graph;
    CriticalPath path;
    double contextCpu = 0, graphCpu = 0, solveCpu = 0;
    const double contextMs = timeMs([&] { context.emplace(trace); }, &contextCpu);
    const double graphMs = timeMs([&] { graph = buildDependencyGraph(*context, whole); }, &graphCpu);
    const double solveMs = timeMs([&] { path = solveCriticalPath(graph); }, &solveCpu);
    const double tablesMs = timeMs([&] {
        criticalPathTable(path);
        criticalPathEventsTable(trace, path);
    });
    // What the Findings dock adds: every rule, and each finding's time on the path.
    double findingsMs = 0, findingsCpu = 0;
    std::size_t findingCount = 0;
    std::vector<Finding> findings;
    const double rulesMs = timeMs([&] { findings = computeFindings(trace); }, &findingsCpu);
    const double onPathMs = timeMs([&] { findingTimeOnPath(findings, path); });
    findingCount = findings.size();
    findingsMs = rulesMs + onPathMs;
    // As the GUI computes them: the Critical Path dock's iterations and the
    // Findings dock (rules and the whole trace's path) on two workers at once.
    const double concurrentMs = timeMs([&] {
        auto findings = std::async(std::launch::async, [&] {
            const std::vector<Finding> found = computeFindings(trace);
            return findingTimeOnPath(found, criticalPath(*context, whole)).size();
        });
        auto paths = std::async(std::launch::async, [&] {
            std::size_t n = 0;
            for (const Iteration &iteration : detectIterations(trace).iterations)
                if (n++ < 200)
                    criticalPath(*context, pathScopeOfEvent(trace, iteration.ref));
            return n;
        });
        findings.get();
        paths.get();
    });
    CriticalPath after;
    const double whatIfMs = timeMs([&] {
        const WhatIf whatIf = parseWhatIf("kernels=0.5,launch-overhead=0").whatIf;
        after = solveCriticalPath(graph, whatIfWeights(trace, graph, whatIf));
    });
    std::size_t steps = 0;
    const double iterationsMs = timeMs([&] {
        for (const Iteration &iteration : detectIterations(trace).iterations) {
            if (steps++ == 200)
                break;
            criticalPath(*context, pathScopeOfEvent(trace, iteration.ref));
        }
    });
    std::printf("{\"events\":%llu,\"inexact_edges\":%llu,\"graph_events\":%zu,\"graph_edges\":%zu,\"path_steps\":%zu,"
                "\"context_ms\":%.1f,\"graph_ms\":%.1f,\"solve_ms\":%.1f,\"whole_trace_ms\":%.1f,\"whole_trace_cpu_ms\":%.1f,\"tables_ms\":%.1f,"
                "\"findings\":%zu,\"findings_ms\":%.1f,\"rules_ms\":%.1f,\"on_path_ms\":%.1f,\"path_and_findings_ms\":%.1f,\"docks_concurrent_ms\":%.1f,\"what_if_ms\":%.1f,\"iterations\":%zu,\"iterations_ms\":%.1f,\"length_ns\":%lld,"
                "\"what_if_length_ns\":%lld}\n",
                static_cast<unsigned long long>(trace.eventCount()),
                static_cast<unsigned long long>(graph.inexactEdges), graph.events.size(), graph.edges.size(),
                path.steps.size(), contextMs, graphMs, solveMs, contextMs + graphMs + solveMs,
                contextCpu + graphCpu + solveCpu, tablesMs, findingCount, findingsMs, rulesMs, onPathMs,
                contextMs + graphMs + solveMs + findingsMs, concurrentMs, whatIfMs, steps,
                iterationsMs,
                static_cast<long long>(path.length), static_cast<long long>(after.length));
    return 0;
}
