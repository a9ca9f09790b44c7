// tracelane-cli events / tracks / flows / counters against the model and the
// summaries, on every shared trace: the CLI's rows must add up to what the
// model holds (Trace::counts, the kernel / API / range summaries), parents must
// agree with depths, arguments must be JSON objects, the filters must select
// what a direct count over the model selects, and each source record must
// point at the record in the file that the event came from (checked by reading
// the file independently: the JSON array, the JSON-lines export, direct SQL).
#include "cli_run.h"
#include "direct_sql.h"
#include "report_csv.h"

#include "analysis/ranges/range_summary.h"
#include "analysis/summaries/api_summary.h"
#include "analysis/summaries/kernel_summary.h"
#include "cached_import.h"
#include "import/byte_source.h"
#include "model/trace_builder.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QDir>
#include <QtTest>

#include <map>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>

using namespace tracelane;
using namespace tracelane::test;

namespace {

QStringList everySharedTrace()
{
    QStringList all;
    for (const char *folder : {"kineto", "hta", "nsys", "nvprof", "opencl"}) {
        const QDir dir(sharedTraces() + QLatin1String(folder));
        for (const QString &file : dir.entryList(QDir::Files, QDir::Name))
            all << QLatin1String(folder) + QLatin1Char('/') + file;
    }
    return all;
}

struct EventRow
{
    std::uint64_t id = 0;
    std::string kind;
    QString name;
    std::int64_t start = 0;
    std::optional<std::int64_t> duration;
    std::uint32_t track = 0;
    int depth = 0;
    std::optional<std::uint64_t> parent;
    std::optional<std::int64_t> source;
    QString args;
};

std::optional<std::int64_t> optionalInt(const QString &text)
{
    if (text.isEmpty())
        return std::nullopt;
    return text.toLongLong();
}

// Rows of `tracelane-cli events TRACE ARGS... --format csv`, by the header's names.
std::vector<EventRow> eventRows(const QString &path, const QStringList &extra = {})
{
    const CliRun run = runCli(QStringList{QStringLiteral("events"), path} + extra, false, 120000);
    if (!run.finished || run.exitCode != 0) {
        qWarning() << "events failed:" << run.err;
        return {};
    }
    const QList<QStringList> csv = parseCsv(run.out);
    std::vector<EventRow> rows;
    if (csv.isEmpty())
        return rows;
    const QStringList &header = csv[0];
    auto column = [&header](const char *name) { return header.indexOf(QLatin1String(name)); };
    const qsizetype id = column("id"), kind = column("kind"), name = column("name"), start = column("start"),
                    duration = column("duration"), track = column("track"), depth = column("depth"),
                    parent = column("parent"), source = column("source_record"), args = column("args");
    for (qsizetype r = 1; r < csv.size(); ++r) {
        const QStringList &f = csv[r];
        if (f.size() != header.size())
            continue;
        EventRow row;
        row.id = f[id].toULongLong();
        row.kind = f[kind].toStdString();
        row.name = f[name];
        row.start = f[start].toLongLong();
        row.duration = optionalInt(f[duration]);
        row.track = f[track].toUInt();
        row.depth = f[depth].toInt();
        if (!f[parent].isEmpty())
            row.parent = f[parent].toULongLong();
        row.source = optionalInt(f[source]);
        row.args = f[args];
        rows.push_back(row);
    }
    return rows;
}

std::uint64_t idOf(std::uint32_t track, std::uint32_t index)
{
    return (std::uint64_t(track) << 32) | index;
}

const Event &eventOf(const Trace &trace, std::uint64_t id)
{
    return trace.tracks[id >> 32].events[id & 0xFFFFFFFFu];
}

TimeNs summaryTotal(const NameSummary &summary)
{
    TimeNs total = 0;
    for (const NameSummaryRow &row : summary.rows)
        total += row.stats.total;
    return total;
}

std::int64_t tableColumnSum(const Table &table, const char *column)
{
    std::int64_t sum = 0;
    for (std::size_t c = 0; c < table.columns.size(); ++c)
        if (table.columns[c] == column)
            for (const auto &row : table.rows)
                sum += row[c].i;
    return sum;
}

std::string fileText(const QString &path)
{
    ByteSource source(path.toStdString());
    std::string text;
    std::vector<char> buffer(1 << 20);
    while (const std::size_t n = source.read(buffer.data(), buffer.size()))
        text.append(buffer.data(), n);
    return text;
}

// (start, end) of every row of `table`, in the order a plain SELECT reads them (rowid order).
std::vector<std::pair<std::int64_t, std::int64_t>> sqlTimes(const std::string &path, const std::string &table)
{
    std::vector<std::pair<std::int64_t, std::int64_t>> rows;
    sqlite3 *db = nullptr;
    if (sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK) {
        sqlite3_stmt *stmt = nullptr;
        const std::string sql = "SELECT start, \"end\" FROM " + table;
        if (sqlite3_prepare_v2(db, sql.c_str(), -1, &stmt, nullptr) == SQLITE_OK)
            while (sqlite3_step(stmt) == SQLITE_ROW)
                rows.emplace_back(sqlite3_column_int64(stmt, 0), sqlite3_column_int64(stmt, 1));
        sqlite3_finalize(stmt);
    }
    sqlite3_close(db);
    return rows;
}

} // namespace

class TestEvents : public QObject
{
    Q_OBJECT

private slots:
    void eventsAgreeWithModel_data();
    void eventsAgreeWithModel();
    void jsonFormat_data();
    void jsonFormat();
    void filters_data();
    void filters();
    void tracksFlowsCounters_data() { eventsAgreeWithModel_data(); }
    void tracksFlowsCounters();
    void sourceRecordsPointAtTheirRecords_data() { eventsAgreeWithModel_data(); }
    void sourceRecordsPointAtTheirRecords();
    void badOptions();
    void openSlicesCategoriesAndParents();
    void sortingKeepsSourceRecords();
};

void TestEvents::eventsAgreeWithModel_data()
{
    QTest::addColumn<QString>("file");
    for (const QString &file : everySharedTrace())
        QTest::newRow(qPrintable(file)) << file;
}

void TestEvents::eventsAgreeWithModel()
{
    QFETCH(QString, file);
    const QString path = sharedTraces() + file;
    const auto trace = cachedTrace(path);
    QVERIFY2(trace, cachedImport(path).error.c_str());
    const std::vector<EventRow> rows = eventRows(path);
    QCOMPARE(rows.size(), std::size_t(trace->eventCount()));

    std::map<std::string, std::uint64_t> count;
    std::map<std::string, TimeNs> total;
    std::map<std::uint64_t, const EventRow *> byId;
    for (const EventRow &row : rows) {
        ++count[row.kind];
        // A slice never closed has no duration in the output; the model ends it at the trace's end.
        total[row.kind] += row.duration ? *row.duration : eventOf(*trace, row.id).duration;
        QVERIFY2(byId.emplace(row.id, &row).second, "event ids repeat");
    }
    const EventCounts c = trace->counts();
    QCOMPARE(count["cpu_op"], c.cpuOps);
    QCOMPARE(count["range"], c.ranges);
    QCOMPARE(count["api_call"], c.apiCalls);
    QCOMPARE(count["kernel"], c.kernels);
    QCOMPARE(count["memcpy"], c.memcpys);
    QCOMPARE(count["memset"], c.memsets);
    QCOMPARE(total["kernel"], summaryTotal(kernelSummary(*trace)));
    QCOMPARE(total["api_call"], summaryTotal(apiSummary(*trace)));
    const Table ranges = rangeSummaryTable(*trace);
    QCOMPARE(std::int64_t(count["range"]), tableColumnSum(ranges, "Instances"));
    QCOMPARE(total["range"], tableColumnSum(ranges, "Total Time (ns)"));

    for (const EventRow &row : rows) {
        const std::uint32_t index = row.id & 0xFFFFFFFFu;
        QCOMPARE(row.id >> 32, std::uint64_t(row.track));
        QVERIFY(row.track < trace->tracks.size() && index < trace->tracks[row.track].events.size());
        const Event &e = trace->tracks[row.track].events[index];
        QCOMPARE(row.start, e.start);
        QCOMPARE(row.depth, int(e.depth));
        QCOMPARE(row.duration.has_value(), !e.unclosed);
        const TrackKind trackKind = trace->tracks[row.track].kind;
        const bool nested = trackKind != TrackKind::Async && trackKind != TrackKind::Counter;
        // Parents: on the same track, one level up, starting no later; only depth 0 has none.
        if (!nested || row.depth == 0) {
            QVERIFY2(!row.parent, qPrintable(row.name));
            continue;
        }
        QVERIFY2(row.parent, qPrintable(row.name));
        const auto parent = byId.find(*row.parent);
        QVERIFY(parent != byId.end());
        QCOMPARE(parent->second->track, row.track);
        QVERIFY(parent->second->start <= row.start);
        QVERIFY(*row.parent < row.id);
        if (row.depth < 255)
            QCOMPARE(parent->second->depth, row.depth - 1);
    }
    for (const EventRow &row : rows) {
        const auto args = nlohmann::json::parse(row.args.toStdString(), nullptr, false);
        QVERIFY2(!args.is_discarded() && args.is_object(), qPrintable(row.args.left(200)));
    }
}

// One trace per format: the JSON writer does not depend on the trace.
void TestEvents::jsonFormat_data()
{
    QTest::addColumn<QString>("file");
    for (const char *file : {"kineto/resnet50_train.json.gz", "hta/amd_mi250_rocm62.json.gz", "nsys/nvtx_cnn.sqlite",
                             "nsys/nvtx_cnn_nsys.json", "nvprof/gpu_ml_timeline.nvvp", "opencl/dvdt_prof_armcl.json"})
        QTest::newRow(file) << QString::fromLatin1(file);
}

void TestEvents::jsonFormat()
{
    QFETCH(QString, file);
    const QString path = sharedTraces() + file;
    const auto trace = cachedTrace(path);
    QVERIFY(trace);
    const CliRun run = runCli({QStringLiteral("events"), path, QStringLiteral("--format"), QStringLiteral("json")},
                              false, 120000);
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
    const auto rows = nlohmann::json::parse(run.out.toStdString(), nullptr, false);
    QVERIFY(!rows.is_discarded() && rows.is_array());
    QCOMPARE(rows.size(), std::size_t(trace->eventCount()));
    std::size_t withArgs = 0;
    for (const auto &row : rows) {
        QVERIFY(row.at("args").is_object());
        withArgs += row.at("args").empty() ? 0 : 1;
        const std::uint64_t id = row.at("id").get<std::uint64_t>();
        const Event &e = eventOf(*trace, id);
        QCOMPARE(row.at("start").get<std::int64_t>(), e.start);
        QCOMPARE(row.at("name").get<std::string>(), std::string(trace->strings.view(e.name)));
        QCOMPARE(row.at("category").get<std::string>(), std::string(trace->category(e)));
        QCOMPARE(row.at("args").size(), trace->args({std::uint32_t(id >> 32), std::uint32_t(id)}).size());
    }
    std::size_t modelWithArgs = 0;
    for (const Track &track : trace->tracks)
        for (const Event &e : track.events)
            modelWithArgs += e.args != kNoArgs ? 1 : 0;
    QCOMPARE(withArgs, modelWithArgs);
}

void TestEvents::filters_data()
{
    QTest::addColumn<QString>("file");
    for (const char *file : {"kineto/transformer_train_2streams.json.gz", "nsys/nvtx_cnn.sqlite"})
        QTest::newRow(file) << QString::fromLatin1(file);
}

void TestEvents::filters()
{
    QFETCH(QString, file);
    const QString path = sharedTraces() + file;
    const auto trace = cachedTrace(path);
    QVERIFY(trace);
    const EventCounts c = trace->counts();
    QCOMPARE(eventRows(path, {QStringLiteral("--kind"), QStringLiteral("kernel")}).size(), std::size_t(c.kernels));
    QCOMPARE(eventRows(path, {QStringLiteral("--kind"), QStringLiteral("kernel,memcpy,api_call")}).size(),
             std::size_t(c.kernels + c.memcpys + c.apiCalls));

    std::uint32_t largest = 0;
    for (std::uint32_t t = 0; t < trace->tracks.size(); ++t)
        if (trace->tracks[t].events.size() > trace->tracks[largest].events.size())
            largest = t;
    // The middle third of the largest track (traces may idle for most of their
    // span): every event overlapping it, counted directly.
    const std::vector<Event> &busiest = trace->tracks[largest].events;
    const TimeNs from = busiest[busiest.size() / 3].start - trace->startNs;
    const TimeNs to = busiest[2 * busiest.size() / 3].start - trace->startNs;
    std::size_t inWindow = 0, kernelsInWindow = 0;
    for (const Track &track : trace->tracks)
        for (const Event &e : track.events)
            if (e.start <= trace->startNs + to && e.end() >= trace->startNs + from) {
                ++inWindow;
                kernelsInWindow += e.kind == EventKind::Kernel ? 1 : 0;
            }
    const QStringList window = {QStringLiteral("--from"), QString::number(from), QStringLiteral("--to"),
                                QString::number(to)};
    const std::vector<EventRow> windowed = eventRows(path, window);
    QCOMPARE(windowed.size(), inWindow);
    QVERIFY(inWindow > 0 && inWindow < trace->eventCount());
    QCOMPARE(eventRows(path, window + QStringList{QStringLiteral("--kind"), QStringLiteral("kernel")}).size(),
             kernelsInWindow);

    // A window starts mid-track, yet parents are those of the whole walk.
    std::map<std::uint64_t, std::optional<std::uint64_t>> parents;
    for (const EventRow &row : eventRows(path))
        parents[row.id] = row.parent;
    for (const EventRow &row : windowed)
        QCOMPARE(row.parent, parents[row.id]);

    const std::vector<EventRow> oneTrack = eventRows(path, {QStringLiteral("--track"), QString::number(largest)});
    QCOMPARE(oneTrack.size(), trace->tracks[largest].events.size());
    for (const EventRow &row : oneTrack)
        QCOMPARE(row.track, largest);
}

void TestEvents::tracksFlowsCounters()
{
    QFETCH(QString, file);
    const QString path = sharedTraces() + file;
    const auto trace = cachedTrace(path);
    QVERIFY(trace);

    const CliRun tracks = runCli({QStringLiteral("tracks"), path});
    QVERIFY2(tracks.finished && tracks.exitCode == 0, qPrintable(tracks.err));
    const QList<QStringList> trackRows = parseCsv(tracks.out);
    QCOMPARE(std::size_t(trackRows.size() - 1), trace->tracks.size());
    const qsizetype eventsColumn = trackRows[0].indexOf(QStringLiteral("events"));
    const qsizetype orderColumn = trackRows[0].indexOf(QStringLiteral("display_order"));
    std::uint64_t events = 0;
    std::set<int> orders;
    std::size_t nonEmpty = 0;
    for (qsizetype r = 1; r < trackRows.size(); ++r) {
        events += trackRows[r][eventsColumn].toULongLong();
        nonEmpty += trace->tracks[std::size_t(r - 1)].events.empty() ? 0 : 1;
        if (!trackRows[r][orderColumn].isEmpty())
            orders.insert(trackRows[r][orderColumn].toInt());
    }
    QCOMPARE(events, trace->eventCount());
    // The timeline shows every non-empty track once: orders 0 .. n-1.
    QCOMPARE(orders.size(), nonEmpty);
    if (!orders.empty())
        QCOMPARE(*orders.rbegin(), int(nonEmpty) - 1);

    const CliRun flows = runCli({QStringLiteral("flows"), path});
    QVERIFY2(flows.finished && flows.exitCode == 0, qPrintable(flows.err));
    const QList<QStringList> flowRows = parseCsv(flows.out);
    QCOMPARE(std::size_t(flowRows.size() - 1), trace->flows.size());
    for (qsizetype r = 1; r < flowRows.size(); ++r) {
        const Flow &flow = trace->flows[std::size_t(r - 1)];
        QCOMPARE(flowRows[r][2].toULongLong(), idOf(flow.from.track, flow.from.index));
        QCOMPARE(flowRows[r][3].toULongLong(), idOf(flow.to.track, flow.to.index));
    }

    const CliRun counters = runCli({QStringLiteral("counters"), path});
    QVERIFY2(counters.finished && counters.exitCode == 0, qPrintable(counters.err));
    const QList<QStringList> counterRows = parseCsv(counters.out);
    std::size_t samples = 0;
    for (const Track &track : trace->tracks)
        samples += track.kind == TrackKind::Counter ? track.counterValues.size() : 0;
    QCOMPARE(std::size_t(counterRows.size() - 1), samples);
    for (qsizetype r = 1; r < counterRows.size(); ++r) {
        const Track &track = trace->tracks[counterRows[r][0].toUInt()];
        QCOMPARE(track.kind, TrackKind::Counter);
    }
}

void TestEvents::sourceRecordsPointAtTheirRecords()
{
    QFETCH(QString, file);
    const QString path = sharedTraces() + file;
    const auto trace = cachedTrace(path);
    QVERIFY(trace);
    const std::string format = trace->source.format;
    std::set<std::pair<int, std::uint32_t>> seen; // (kind, record): one event per record and kind
    std::uint64_t checked = 0;

    nlohmann::json chromeEvents;
    std::vector<std::string> lines;
    const bool chrome = file.startsWith(QLatin1String("kineto/")) || file.startsWith(QLatin1String("hta/"));
    const bool nsysJson = file.endsWith(QLatin1String("_nsys.json"));
    const bool sqlite = file.endsWith(QLatin1String(".sqlite")) || file.endsWith(QLatin1String(".nvvp"));
    if (chrome) {
        const auto json = nlohmann::json::parse(fileText(path), nullptr, false);
        QVERIFY(!json.is_discarded());
        chromeEvents = json.is_array() ? json : json.at("traceEvents");
    } else if (nsysJson) {
        std::string text = fileText(path);
        for (std::size_t at = 0; at < text.size();) {
            const std::size_t end = std::min(text.find('\n', at), text.size());
            lines.push_back(text.substr(at, end - at));
            at = end + 1;
        }
    }
    std::vector<std::pair<std::int64_t, std::int64_t>> kernelRows;
    if (sqlite)
        kernelRows = sqlTimes(path.toStdString(),
                              file.endsWith(QLatin1String(".nvvp")) ? "CUPTI_ACTIVITY_KIND_CONCURRENT_KERNEL"
                                                                    : "CUPTI_ACTIVITY_KIND_KERNEL");

    for (const Track &track : trace->tracks) {
        QCOMPARE(track.sourceRecords.size(), track.events.size());
        for (std::size_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            const std::uint32_t record = track.sourceRecords[i];
            if (record == kNoSourceRecord) // (the message is built only then: this loop visits every event)
                QFAIL(qPrintable(QStringLiteral("no source record: ") + QString::fromStdString(std::string(trace->strings.view(e.name)))));
            if (e.kind != EventKind::CounterSample && !sqlite) // a counter record holds several series
                QVERIFY2(seen.insert({int(e.kind), record}).second, "two events from one record");
            if (chrome) {
                QVERIFY(record < chromeEvents.size());
                const auto &source = chromeEvents[record];
                if (e.kind == EventKind::CounterSample)
                    QCOMPARE(source.value("ph", std::string()), std::string("C"));
                else if (const auto name = source.find("name");
                         name == source.end() || !name->is_string()
                         || name->get_ref<const std::string &>() != trace->strings.view(e.name))
                    QCOMPARE(source.value("name", std::string()), std::string(trace->strings.view(e.name)));
                ++checked;
            } else if (nsysJson) {
                QVERIFY(record >= 1 && record <= lines.size());
                const std::string &line = lines[record - 1];
                const char *key = isGpuWork(e.kind) || e.kind == EventKind::Sync ? "\"CudaEvent\""
                    : e.kind == EventKind::ApiCall                               ? "\"TraceProcessEvent\""
                                                                                 : "\"NvtxEvent\"";
                QVERIFY2(line.find(key) != std::string::npos, key);
                ++checked;
            } else if (sqlite && e.kind == EventKind::Kernel) {
                QVERIFY(record < kernelRows.size());
                QCOMPARE(e.start, kernelRows[record].first);
                QCOMPARE(e.end(), kernelRows[record].second);
                ++checked;
            }
        }
    }
    if (chrome || nsysJson || sqlite)
        QVERIFY(checked > 0);
}

void TestEvents::badOptions()
{
    const QString path = sharedTraces() + QStringLiteral("kineto/resnet50_train.json.gz");
    for (const QStringList &args :
         {QStringList{QStringLiteral("--kind"), QStringLiteral("kernels")},
          QStringList{QStringLiteral("--from"), QStringLiteral("soon")},
          QStringList{QStringLiteral("--from"), QStringLiteral("10"), QStringLiteral("--to"), QStringLiteral("5")},
          QStringList{QStringLiteral("--format"), QStringLiteral("table")},
          QStringList{QStringLiteral("--track"), QStringLiteral("100000")}}) {
        const CliRun run = runCli(QStringList{QStringLiteral("events"), path} + args);
        QVERIFY(run.finished);
        QCOMPARE(run.exitCode, 2);
        QVERIFY2(run.err.contains(QLatin1String("usage")), qPrintable(run.err));
        QVERIFY(run.out.isEmpty());
    }
}

// A hand-written trace for the cases the shared traces lack: a B never closed,
// categories, an instant at the very end of a slice (its sibling), a non-object array element
// (counted by source_record, skipped by the importer), a counter with two series.
void TestEvents::openSlicesCategoriesAndParents()
{
    QTemporaryDir dir;
    QVERIFY(dir.isValid());
    const QString path = dir.filePath(QStringLiteral("edge.json"));
    QFile out(path);
    QVERIFY(out.open(QIODevice::WriteOnly));
    out.write(R"({"traceEvents": [
  {"ph": "M", "name": "process_name", "pid": 1, "args": {"name": "p"}},
  7,
  {"ph": "B", "name": "outer", "cat": "alpha", "pid": 1, "tid": 1, "ts": 0},
  {"ph": "X", "name": "inner", "cat": "beta", "pid": 1, "tid": 1, "ts": 1, "dur": 2, "args": {"s": "x", "k": [1, 2]}},
  {"ph": "i", "name": "mark", "cat": "beta", "pid": 1, "tid": 1, "ts": 3, "s": "t"},
  {"ph": "X", "name": "later", "pid": 1, "tid": 1, "ts": 5, "dur": 5},
  {"ph": "C", "name": "mem", "pid": 1, "ts": 6, "args": {"a": 1, "b": 2.5}}
]})");
    out.close();

    const CliRun run = runCli({QStringLiteral("events"), path, QStringLiteral("--kind"),
                               QStringLiteral("slice,cpu_op,instant"), QStringLiteral("--format"),
                               QStringLiteral("json")});
    QVERIFY2(run.finished && run.exitCode == 0, qPrintable(run.err));
    const auto rows = nlohmann::ordered_json::parse(run.out.toStdString()); // keeps the keys' order
    QCOMPARE(rows.size(), std::size_t(4));
    std::map<std::string, nlohmann::ordered_json> byName;
    for (const auto &row : rows)
        byName[row.at("name").get<std::string>()] = row;
    const auto &outer = byName["outer"], &inner = byName["inner"], &mark = byName["mark"], &later = byName["later"];
    QVERIFY(outer.at("duration").is_null()); // never closed
    QCOMPARE(inner.at("duration").get<int>(), 2000);
    QCOMPARE(outer.at("category").get<std::string>(), std::string("alpha"));
    QCOMPARE(inner.at("category").get<std::string>(), std::string("beta"));
    QCOMPARE(later.at("category").get<std::string>(), std::string());
    QCOMPARE(outer.at("source_record").get<int>(), 2);
    QCOMPARE(inner.at("source_record").get<int>(), 3);
    QCOMPARE(mark.at("source_record").get<int>(), 4);
    QCOMPARE(later.at("source_record").get<int>(), 5);
    QVERIFY(outer.at("parent").is_null());
    QCOMPARE(inner.at("parent"), outer.at("id"));
    QCOMPARE(mark.at("parent"), outer.at("id"));  // at inner's very end: its sibling, as Perfetto nests (FORMATS.md)
    QCOMPARE(later.at("parent"), outer.at("id")); // outer runs to the trace's end
    QCOMPARE(mark.at("depth").get<int>(), 1);
    QCOMPARE(inner.at("args").dump(), std::string(R"({"s":"x","k":[1,2]})")); // the file's key order
    QCOMPARE(outer.at("process").get<std::string>(), std::string("p"));

    const CliRun counters = runCli(
        {QStringLiteral("events"), path, QStringLiteral("--kind"), QStringLiteral("counter")});
    QVERIFY2(counters.finished && counters.exitCode == 0, qPrintable(counters.err));
    const QList<QStringList> counterRows = parseCsv(counters.out);
    QCOMPARE(counterRows.size(), 3); // header, one row per series
    const qsizetype source = counterRows[0].indexOf(QStringLiteral("source_record"));
    QCOMPARE(counterRows[1][source], QStringLiteral("6"));
    QCOMPARE(counterRows[2][source], QStringLiteral("6"));
}

// Events added out of order, on a plain track, a track a flow points into and a
// counter track: after finish() each event still has its own source record
// (here its start / 10), category and counter value.
void TestEvents::sortingKeepsSourceRecords()
{
    TraceBuilder b;
    const auto thread = b.thread(b.process(1), 1);
    const std::uint32_t plain = b.threadTrack(thread, TrackKind::CpuThread);
    const std::uint32_t api = b.threadTrack(thread, TrackKind::ThreadApi);
    const std::uint32_t counter = b.processTrack(0, TrackKind::Counter, b.intern("mem"));
    const CategoryIndex even = b.category("even"), odd = b.category("odd");
    QCOMPARE(b.category("even"), even);
    QCOMPARE(b.category(""), CategoryIndex(0));
    EventRef last;
    for (const TimeNs start : {50, 10, 40, 0, 30, 20}) {
        Event e;
        e.start = start;
        e.duration = 5;
        e.name = b.intern("e" + std::to_string(start));
        e.category = (start / 10) % 2 ? odd : even;
        b.addEvent(plain, e, start / 10);
        e.kind = EventKind::ApiCall;
        const EventRef ref = b.addEvent(api, e, start / 10);
        if (last.isValid())
            b.addFlow(last, ref, FlowKind::Generic);
        last = ref;
        b.addCounterSample(counter, start, double(start) + 0.5, start / 10);
    }
    const auto trace = b.finish();
    QCOMPARE(trace->categories.size(), std::size_t(3));
    for (const std::uint32_t t : {plain, api, counter}) {
        const Track &track = trace->tracks[t];
        QCOMPARE(track.sourceRecords.size(), track.events.size());
        for (std::size_t i = 0; i < track.events.size(); ++i) {
            const Event &e = track.events[i];
            QCOMPARE(e.start, TimeNs(i * 10));
            QCOMPARE(track.sourceRecords[i], std::uint32_t(e.start / 10));
            if (t == counter)
                QCOMPARE(track.counterValues[i], double(e.start) + 0.5);
            else
                QCOMPARE(trace->category(e), std::string_view((e.start / 10) % 2 ? "odd" : "even"));
        }
    }
    // The flows follow their events through the sort: 50 -> 10 -> 40 -> 0 -> 30 -> 20.
    QCOMPARE(trace->flows.size(), std::size_t(5));
    for (const Flow &flow : trace->flows)
        QVERIFY(trace->event(flow.from).start != trace->event(flow.to).start);
    const auto from50 = trace->flowsFrom(EventRef{api, 5});
    QCOMPARE(from50.size(), std::size_t(1));
    QCOMPARE(trace->event(from50[0].to).start, TimeNs(10));
}

TRACELANE_TEST_GUILESS_MAIN(TestEvents)
#include "tst_events.moc"
