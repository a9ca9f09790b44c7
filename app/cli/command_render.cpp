// tracelane-cli render: the GUI's timeline drawn offscreen into a PNG, or with
// --bench the time to paint it at three zoom levels.
#include "command_support.h"

#include "timeline/label_cache.h"
#include "timeline/timeline_image.h"
#include "timeline/timeline_model.h"

#include <QElapsedTimer>
#include <QGuiApplication>
#include <QImage>

#include <algorithm>
#include <ctime>
#include <iomanip>
#include <ostream>
#include <vector>

namespace tracelane::cli {
namespace {

constexpr const char *kRenderUsage =
    "render TRACE -o OUT.png [--size WxH] [--from NS --to NS] [--scale 2] [--dark] [--flows]\n"
    "                        [--idle-gaps] [--queue-depth]\n"
    "       render TRACE --bench [--size WxH] [--flows] [--idle-gaps] [--queue-depth]   (--from/--to: ns from the trace start)";
constexpr int kBenchFrames = 20;

std::optional<TimeNs> parseNs(const std::optional<std::string> &text, bool &bad)
{
    if (!text)
        return std::nullopt;
    const auto ns = nanosecondsTextToNs(*text);
    bad = bad || !ns;
    return ns;
}

struct Stats
{
    double median = 0, p95 = 0;
};

Stats stats(std::vector<double> ms)
{
    std::sort(ms.begin(), ms.end());
    const auto at = [&ms](double q) {
        return ms[std::min(ms.size() - 1, std::size_t(q * double(ms.size() - 1) + 0.5))];
    };
    return {at(0.5), at(0.95)};
}

double threadCpuMs()
{
    timespec t{};
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return double(t.tv_sec) * 1e3 + double(t.tv_nsec) / 1e6;
}

int bench(const TimelineModel &model, double modelMs, RenderOptions options, CommandIo &io)
{
    const Trace &trace = model.trace();
    const TimeNs span = std::max<TimeNs>(1, trace.endNs - trace.startNs);
    const TimeNs middle = trace.startNs + span / 2;
    QImage image(options.size, QImage::Format_RGB32);
    // Kept across frames as TimelineView keeps it: a repaint reuses laid-out text.
    LabelCache labels;
    options.labels = &labels;
    // model_ms: building the TimelineModel (depth index, arrangement, efficiency lanes), once per trace.
    io.out << "{\"events\": " << trace.eventCount() << ", \"size\": \"" << options.size.width() << 'x'
           << options.size.height() << "\", \"idle_gaps\": " << (options.idleGaps ? "true" : "false")
           << ", \"queue_depth\": " << (options.queueDepth ? "true" : "false")
           << ", \"flows\": " << (options.showAllFlows ? "true" : "false") << ", \"model_ms\": " << std::fixed
           << std::setprecision(1) << modelMs;
    const std::pair<const char *, TimeNs> levels[] = {{"full", span}, {"mid", span / 100}, {"deep", span / 10000}};
    for (const auto &[name, length] : levels) {
        options.from = middle - length / 2;
        options.to = middle + length / 2;
        std::vector<double> ms, cpuMs;
        for (int i = 0; i < kBenchFrames; ++i) {
            QElapsedTimer timer;
            timer.start();
            const double cpuStart = threadCpuMs();
            paintTimelineInto(image, model, options);
            cpuMs.push_back(threadCpuMs() - cpuStart);
            ms.push_back(double(timer.nsecsElapsed()) / 1e6);
        }
        const Stats s = stats(ms), cpu = stats(cpuMs);
        // first_ms: the frame that lays out this zoom's labels; cpu_median_ms: this
        // thread's CPU time, which a machine shared with other jobs inflates less.
        io.out << ", \"" << name << "\": {\"median_ms\": " << std::fixed << std::setprecision(3) << s.median
               << ", \"p95_ms\": " << s.p95 << ", \"first_ms\": " << ms.front() << ", \"cpu_median_ms\": " << cpu.median
               << '}';
    }
    io.out << "}\n";
    return kExitOk;
}

int runRender(const std::vector<std::string> &argv, CommandIo &io)
{
    std::vector<std::string> translated = argv;
    for (std::string &arg : translated)
        if (arg == "-o")
            arg = "--output";
    const CliArgs args(translated, {"--output", "--size", "--from", "--to", "--scale"},
                       {"--bench", "--dark", "--flows", "--idle-gaps", "--queue-depth"});
    if (!args.error().empty())
        return usageError("render", kRenderUsage, args.error(), io);
    if (args.positional().size() != 1)
        return usageError("render", kRenderUsage, "expected one TRACE", io);
    const bool benchMode = args.flag("--bench");
    if (!benchMode && !args.value("--output"))
        return usageError("render", kRenderUsage, "expected -o OUT.png (or --bench)", io);
    RenderOptions options;
    if (auto size = args.value("--size")) {
        const auto parsed = parseSize(*size, 100, 16384);
        if (!parsed || parsed->width < 320)
            return usageError("render", kRenderUsage, "bad --size '" + *size + "' (e.g. 1920x1080)", io);
        options.size = QSize(parsed->width, parsed->height);
    }
    bool bad = false;
    const auto from = parseNs(args.value("--from"), bad), to = parseNs(args.value("--to"), bad);
    if (bad)
        return usageError("render", kRenderUsage, "--from and --to take nanoseconds", io);
    const std::string scale = args.value("--scale", "1");
    if (scale != "1" && scale != "2")
        return usageError("render", kRenderUsage, "--scale is 1 or 2", io);
    options.devicePixelRatio = scale == "2" ? 2.0 : 1.0;
    options.dark = args.flag("--dark");
    options.showAllFlows = args.flag("--flows");
    options.idleGaps = args.flag("--idle-gaps");
    options.queueDepth = args.flag("--queue-depth");

    // Drawing text needs a QGuiApplication; without a display, use the offscreen platform.
    if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
        qputenv("QT_QPA_PLATFORM", "offscreen");
    static int appArgc = 1;
    static char appName[] = "tracelane-cli";
    static char *appArgv[] = {appName, nullptr};
    QGuiApplication app(appArgc, appArgv);

    const auto trace = loadOrReport(args.positional()[0], io);
    if (!trace)
        return kExitBadInput;
    QElapsedTimer modelTimer;
    modelTimer.start();
    const TimelineModel model(trace);
    const double modelMs = double(modelTimer.nsecsElapsed()) / 1e6;
    if (benchMode)
        return bench(model, modelMs, options, io);
    if (from)
        options.from = trace->startNs + *from;
    if (to)
        options.to = trace->startNs + *to;
    const QImage image = renderTimeline(model, options);
    const std::string out = *args.value("--output");
    if (!image.save(QString::fromStdString(out), "PNG")) {
        io.err << "tracelane-cli render: cannot write " << out << '\n';
        return kExitBadInput;
    }
    const auto [start, end] = renderRange(model, options);
    io.out << out << ": " << image.width() << 'x' << image.height() << ", " << (start - trace->startNs) << " .. "
           << (end - trace->startNs) << " ns from the trace start\n";
    return kExitOk;
}

} // namespace

extern const Command kRenderCommand{"render", kRenderUsage,
                                    "draw the timeline into a PNG offscreen, or time its painting", runRender};

} // namespace tracelane::cli
