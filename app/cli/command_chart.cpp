// tracelane-cli chart: draws the iteration, breakdown, kernel or kernel
// statistics chart into a PNG, PDF or SVG file, offscreen (no display needed).
#include "command_support.h"

#include "breakdown_chart.h"
#include "iteration_chart.h"
#include "kernel_stats_chart.h"
#include "kernel_summary_chart.h"

#include "analysis/kernel_summary.h"

#include <QApplication>
#include <QFileInfo>

#include <regex>

namespace tracelane::cli {
namespace {

constexpr const char *kUsage =
    "chart TRACE --kind iterations|breakdown|kernels|kernel-stats -o FILE.png|FILE.pdf|FILE.svg [--size WxH] [--top N] "
    "[--metric cpu|gpu] [--pattern REGEX] [--depth N] [--by-ranges | --ranges REGEX]";

bool parseSize(const std::string &text, QSize &size)
{
    const auto x = text.find('x');
    if (x == std::string::npos)
        return false;
    try {
        std::size_t usedW = 0, usedH = 0;
        const int w = std::stoi(text.substr(0, x), &usedW);
        const int h = std::stoi(text.substr(x + 1), &usedH);
        if (usedW != x || usedH != text.size() - x - 1 || w < 100 || h < 100 || w > 20000 || h > 20000)
            return false;
        size = QSize(w, h);
        return true;
    } catch (const std::exception &) {
        return false;
    }
}

bool parseNumber(const std::string &text, int &value)
{
    try {
        std::size_t used = 0;
        value = std::stoi(text, &used);
        return used == text.size() && value >= 0;
    } catch (const std::exception &) {
        return false;
    }
}

int run(const std::vector<std::string> &argv, CommandIo &io)
{
    const CliArgs args(argv, {"--kind", "-o", "--output", "--size", "--top", "--metric", "--pattern", "--depth", "--ranges"},
                       {"--by-ranges"});
    if (!args.error().empty())
        return usageError("chart", kUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("chart", kUsage, "expected one TRACE", io);
    const std::string kind = args.value("--kind", "");
    if (kind != "iterations" && kind != "breakdown" && kind != "kernels" && kind != "kernel-stats")
        return usageError("chart", kUsage, "--kind must be iterations, breakdown, kernels or kernel-stats", io);
    const std::string output = args.value("-o", args.value("--output", ""));
    const QString path = QString::fromStdString(output);
    if (output.empty() || !charts::ChartView::exportSuffixes().contains(QFileInfo(path).suffix().toLower()))
        return usageError("chart", kUsage, "-o FILE must end in .png, .pdf or .svg", io);
    QSize size(960, 540);
    if (args.value("--size") && !parseSize(*args.value("--size"), size))
        return usageError("chart", kUsage, "--size takes WIDTHxHEIGHT in pixels, e.g. 1200x700", io);
    int top = kind == "kernels" || kind == "kernel-stats" ? 15 : 10;
    if (args.value("--top") && (!parseNumber(*args.value("--top"), top) || top < 1))
        return usageError("chart", kUsage, "--top takes a number from 1", io);
    const std::string metric = args.value("--metric", "cpu");
    if (metric != "cpu" && metric != "gpu")
        return usageError("chart", kUsage, "--metric must be cpu or gpu", io);
    IterationOptions iterationOptions;
    iterationOptions.pattern = args.value("--pattern", "");
    BreakdownOptions breakdownOptions;
    breakdownOptions.rangePattern = args.value("--ranges", "");
    breakdownOptions.ranges = args.flag("--by-ranges");
    if (args.value("--depth") && !parseNumber(*args.value("--depth"), breakdownOptions.depth))
        return usageError("chart", kUsage, "--depth takes a number from 0", io);
    try {
        if (!iterationOptions.pattern.empty())
            detectIterations(Trace{}, iterationOptions);
        if (!breakdownOptions.rangePattern.empty())
            std::regex check(breakdownOptions.rangePattern);
    } catch (const std::exception &e) {
        return usageError("chart", kUsage, std::string("bad pattern: ") + e.what(), io);
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

    std::unique_ptr<charts::ChartView> chart;
    if (kind == "iterations") {
        auto c = std::make_unique<charts::IterationChart>();
        c->setMetric(metric == "gpu" ? charts::IterationChart::Metric::GpuBusyTime
                                     : charts::IterationChart::Metric::CpuTime);
        c->setIterations(trace, detectIterations(*trace, iterationOptions));
        if (c->iterations().iterations.empty())
            io.err << "tracelane-cli chart: no iterations found (pattern " << c->iterations().pattern
                   << "); the chart is empty\n";
        chart = std::move(c);
    } else if (kind == "breakdown") {
        auto c = std::make_unique<charts::BreakdownChart>();
        c->setTopCount(top);
        c->setBreakdown(trace, opKernelBreakdown(*trace, breakdownOptions));
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

extern const Command kChartCommand{"chart", kUsage,
                                   "draw the iteration, op-to-kernel breakdown, top-kernel or kernel mean and "
                                   "standard deviation chart as PNG, PDF or SVG",
                                   run};

} // namespace tracelane::cli
