// tracelane-cli chart: draws the iteration, breakdown, kernel, kernel
// statistics, GPU time, idle causes, launch delay or memory chart into a PNG, PDF or
// SVG file, offscreen (no display needed).
#include "command_chart_flame.h"
#include "command_support.h"

#include "breakdown_chart.h"
#include "gpu_time_chart.h"
#include "idle_causes_chart.h"
#include "iteration_chart.h"
#include "kernel_stats_chart.h"
#include "kernel_summary_chart.h"
#include "active_memory_chart.h"
#include "launch_delay_chart.h"
#include "memory_curves_chart.h"

#include "analysis/summaries/kernel_summary.h"

#include <QApplication>
#include <QFileInfo>

#include <algorithm>
#include <regex>
#include <set>

namespace tracelane::cli {
namespace {

constexpr const char
    *kChartUsage = "chart TRACE --kind iterations|breakdown|kernels|kernel-stats|gpu-time|idle|launch-delay|memory|active-memory|flame "
                   "-o FILE.png|FILE.pdf|FILE.svg [--size WxH] [--top N] "
                   "[--metric cpu|gpu] [--pattern REGEX] [--show-outliers] [--depth N] [--by-ranges | --ranges REGEX] "
                   "[--device N] [--stream ID] [--by modules|stacks|ranges|ops] [--iteration N] [--kernels] [--all-threads]";

int runChart(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv,
                       {"--kind", "-o", "--output", "--size", "--top", "--metric", "--pattern", "--depth", "--ranges", "--device", "--stream",
                        "--by", "--iteration"},
                       {"--by-ranges", "--show-outliers", "--kernels", "--all-threads"});
    if (!args.error().empty())
        return usageError("chart", kChartUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("chart", kChartUsage, "expected one TRACE", io);
    const std::string kind = args.value("--kind", "");
    const std::set<std::string> kinds = {"iterations", "breakdown", "kernels",     "kernel-stats",
                                         "gpu-time",   "idle",      "launch-delay", "memory",  "active-memory", "flame"};
    if (!kinds.contains(kind))
        return usageError("chart", kChartUsage,
                          "--kind must be iterations, breakdown, kernels, kernel-stats, gpu-time, idle, launch-delay, memory, "
                          "active-memory or flame",
                          io);
    const std::string output = args.value("-o", args.value("--output", ""));
    const QString path = QString::fromStdString(output);
    if (output.empty() || !charts::ChartView::exportSuffixes().contains(QFileInfo(path).suffix().toLower()))
        return usageError("chart", kChartUsage, "-o FILE must end in .png, .pdf or .svg", io);
    QSize size(960, 540);
    if (const auto text = args.value("--size")) {
        const auto parsed = parseSize(*text, 100, 20000);
        if (!parsed)
            return usageError("chart", kChartUsage, "--size takes WIDTHxHEIGHT in pixels, e.g. 1200x700", io);
        size = QSize(parsed->width, parsed->height);
    }
    int top = kind == "kernels" || kind == "kernel-stats" ? 15 : 10;
    if (const auto text = args.value("--top")) {
        const auto parsed = parseCount(*text);
        if (!parsed || *parsed < 1)
            return usageError("chart", kChartUsage, "--top takes a number from 1", io);
        top = *parsed;
    }
    const std::string metric = args.value("--metric", "cpu");
    if (metric != "cpu" && metric != "gpu")
        return usageError("chart", kChartUsage, "--metric must be cpu or gpu", io);
    IterationOptions iterationOptions;
    iterationOptions.pattern = args.value("--pattern", "");
    BreakdownOptions breakdownOptions;
    breakdownOptions.rangePattern = args.value("--ranges", "");
    breakdownOptions.ranges = args.flag("--by-ranges");
    if (const auto text = args.value("--depth")) {
        const auto depth = parseCount(*text);
        if (!depth)
            return usageError("chart", kChartUsage, "--depth takes a number from 0", io);
        breakdownOptions.depth = *depth;
    }
    try {
        if (!iterationOptions.pattern.empty())
            detectIterations(Trace{}, iterationOptions);
        if (!breakdownOptions.rangePattern.empty())
            std::regex check(breakdownOptions.rangePattern);
    } catch (const std::exception &e) {
        return usageError("chart", kChartUsage, std::string("bad pattern: ") + e.what(), io);
    }

    std::optional<FlameChoice> flame;
    if (kind == "flame") {
        flame = parseFlameChoice(args, io);
        if (!flame)
            return kExitUsage;
    }
    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;

    // Charts are widgets: they need an application, offscreen unless the user chose a platform.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static int argc = 1;
    static char name[] = "tracelane-cli";
    static char *appArgv[] = {name, nullptr};
    QApplication app(argc, appArgv);

    if (flame)
        return exportFlameGraph(*trace, *flame, path, size, io);
    std::unique_ptr<charts::ChartView> chart;
    if (kind == "iterations") {
        auto c = std::make_unique<charts::IterationChart>();
        c->setMetric(metric == "gpu" ? charts::IterationChart::Metric::GpuBusyTime
                                     : charts::IterationChart::Metric::CpuTime);
        c->setShowOutliers(args.flag("--show-outliers"));
        c->setIterations(trace, detectIterations(*trace, iterationOptions));
        if (c->iterations().iterations.empty())
            io.err << "tracelane-cli chart: no iterations found (pattern " << patternsTriedText(c->iterations())
                   << "); the chart is empty\n";
        if (!c->cutOffIterations().empty()) // as in the window: the caption names them
            io.err << "tracelane-cli chart: " << c->caption().toStdString()
                   << " (--show-outliers draws them whole)\n";
        chart = std::move(c);
    } else if (kind == "breakdown") {
        auto c = std::make_unique<charts::BreakdownChart>();
        c->setTopCount(top);
        c->setBreakdown(trace, opKernelBreakdown(*trace, breakdownOptions));
        chart = std::move(c);
    } else if (kind == "gpu-time" || kind == "idle") {
        const auto streams = gpuStreamOps(*trace);
        if (streams.empty())
            io.err << "tracelane-cli chart: no GPU operations in the trace; the chart is empty\n";
        if (kind == "gpu-time") {
            auto c = std::make_unique<charts::GpuTimeChart>();
            c->setBreakdown(gpuTimeBreakdown(*trace, streams));
            chart = std::move(c);
        } else {
            auto c = std::make_unique<charts::IdleCausesChart>();
            c->setIdle(idleByStream(*trace, streams, idleGaps(*trace, streams)));
            chart = std::move(c);
        }
    } else if (kind == "launch-delay") {
        auto c = std::make_unique<charts::LaunchDelayChart>();
        const auto records = launchRecords(*trace);
        if (records.empty())
            io.err << "tracelane-cli chart: no launch call is linked to GPU work; the chart is empty\n";
        c->setRecords(records);
        chart = std::move(c);
    } else if (kind == "memory") {
        auto c = std::make_unique<charts::MemoryCurvesChart>();
        c->setTrace(trace);
        if (c->curves().empty())
            io.err << "tracelane-cli chart: the trace has no memory records; the chart is empty\n";
        chart = std::move(c);
    } else if (kind == "active-memory") {
        auto c = std::make_unique<charts::ActiveMemoryChart>();
        c->setTrace(trace);
        if (!trace->memorySnapshot)
            io.err << "tracelane-cli chart: the active-memory chart needs a PyTorch memory snapshot; the chart is empty\n";
        if (const auto text = args.value("--device")) {
            const auto device = parseCount(*text);
            if (!device || std::find(c->devices().begin(), c->devices().end(), *device) == c->devices().end()) {
                io.err << "tracelane-cli chart: the snapshot has no device " << *text << '\n';
                return kExitBadInput;
            }
            c->setDevice(std::int32_t(*device));
        }
        if (const auto text = args.value("--stream")) {
            const auto stream = parseInteger(*text);
            if (!stream || std::find(c->streams().begin(), c->streams().end(), *stream) == c->streams().end()) {
                io.err << "tracelane-cli chart: the device has no allocations on stream " << *text << '\n';
                return kExitBadInput;
            }
            c->setStream(*stream);
        }
        chart = std::move(c);
    } else if (kind == "kernel-stats") {
        auto c = std::make_unique<charts::KernelStatsChart>();
        c->setTopCount(top);
        c->setSummary(kernelSummary(*trace));
        chart = std::move(c);
    } else {
        auto c = std::make_unique<charts::KernelSummaryChart>();
        c->setTopCount(top);
        c->setSummary(kernelSummary(*trace));
        chart = std::move(c);
    }
    QString error;
    if (!chart->exportTo(path, size, &error)) {
        io.err << "tracelane-cli chart: " << error.toStdString() << '\n';
        return kExitBadInput;
    }
    return kExitOk;
}

} // namespace

extern const Command kChartCommand{"chart", kChartUsage,
                                   "draw the iteration, op-to-kernel breakdown, top-kernel, kernel mean and "
                                   "standard deviation, GPU time, idle causes, launch delay, memory or active-memory chart, or the "
                                   "flame graph of a structure tree, as PNG, PDF or SVG",
                                   runChart};

} // namespace tracelane::cli
