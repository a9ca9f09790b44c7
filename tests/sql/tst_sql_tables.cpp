// The virtual tables against the model and against SQLite's own evaluation:
// every constraint the event table answers through its indexes (ids, tracks,
// threads, kinds, names, launch flows, time bounds, ORDER BY / GROUP BY served
// sorted) must give exactly the rows SQLite finds when the same condition is
// written so it cannot be pushed down (`ts + 0`, `'' || name`), which makes
// SQLite scan every event and test each row itself.
#include "sql_run.h"

#include "cached_import.h"
#include "shared_trace_files.h"
#include "sql/event_id.h"

#include "test_registry.h"

#include <QtTest>

#include <map>

using namespace tracelane;
using namespace tracelane::test;

namespace {

QString tracePath(const char *name)
{
    return QStringLiteral(TRACELANE_SHARED_TRACES "/") + QLatin1String(name);
}

void addTraces()
{
    QTest::addColumn<QString>("trace");
    for (const char *name : {"kineto/resnet50_train.json.gz", "nsys/nvtx_cnn.sqlite", "nsys/emit_nvtx_mlp.sqlite",
                             "hta/cupti_profiler_counters.json.gz", "nvprof/gpu_ml_timeline.nvvp"})
        QTest::newRow(name) << tracePath(name);
}

} // namespace

class TestSqlTables : public QObject
{
    Q_OBJECT

private slots:
    void rowsMatchTheModel_data() { addTraces(); }
    void rowsMatchTheModel()
    {
        QFETCH(QString, trace);
        const auto t = cachedTraceOrWarn(trace);
        QVERIFY(t);
        TraceDatabase &db = databaseFor(t);
        QCOMPARE(sqlRows(db, QStringLiteral("SELECT count(*) FROM event"))[0][0].toULongLong(), t->eventCount());
        QCOMPARE(sqlRows(db, QStringLiteral("SELECT count(*) FROM flow"))[0][0].toULongLong(), t->flows.size());
        QCOMPARE(sqlRows(db, QStringLiteral("SELECT count(*) FROM track"))[0][0].toULongLong(), t->tracks.size());
        QCOMPARE(sqlRows(db, QStringLiteral("SELECT count(*) FROM thread"))[0][0].toULongLong(), t->threads.size());
        const EventCounts counts = t->counts();
        QCOMPARE(sqlRows(db, QStringLiteral("SELECT count(*) FROM event WHERE kind = 'kernel'"))[0][0].toULongLong(),
                 counts.kernels);
        QCOMPARE(sqlRows(db, QStringLiteral("SELECT count(*) FROM event WHERE kind = 'api_call'"))[0][0].toULongLong(),
                 counts.apiCalls);
        QCOMPARE(sqlRows(db, QStringLiteral("SELECT count(*) FROM kernel"))[0][0].toULongLong(), counts.kernels);

        // An event read through its id is that event; its arguments are the model's.
        for (std::uint32_t track = 0; track < t->tracks.size(); ++track) {
            const auto &events = t->tracks[track].events;
            if (events.empty())
                continue;
            const EventRef ref{track, std::uint32_t(events.size() / 2)};
            const Event &e = t->event(ref);
            const auto id = QString::number(sqlEventId(ref));
            const auto row = sqlRows(
                db, QStringLiteral("SELECT track, name, ts, dur, end, depth, kind FROM event WHERE id = ") + id);
            QCOMPARE(row.size(), 1);
            QCOMPARE(
                row[0],
                (QStringList{QString::number(track), QString::fromStdString(std::string(t->name(ref))),
                             QString::number(e.start), QString::number(e.duration), QString::number(e.end()),
                             QString::number(e.depth), QString::fromStdString(std::string(eventKindName(e.kind)))}));
            const auto origin = sqlRows(db,
                                        QStringLiteral("SELECT category, coalesce(source_record, -1), unclosed "
                                                       "FROM event WHERE id = ")
                                            + id);
            const std::uint32_t record = t->sourceRecord(ref);
            QCOMPARE(origin[0],
                     (QStringList{QString::fromStdString(std::string(t->category(e))),
                                  QString::number(record == kNoSourceRecord ? -1 : qint64(record)),
                                  QString::number(e.unclosed ? 1 : 0)}));
            const auto args = t->args(ref);
            const auto argRows = sqlRows(db, QStringLiteral("SELECT key, value FROM arg WHERE event_id = ") + id);
            QCOMPARE(argRows.size(), qsizetype(args.size()));
            for (std::size_t i = 0; i < args.size(); ++i) {
                QCOMPARE(argRows[qsizetype(i)][0], QString::fromStdString(std::string(t->strings.view(args[i].key))));
                if (args[i].value.type != ArgType::Double) // reals print with every digit here, rounded there
                    QCOMPARE(argRows[qsizetype(i)][1], QString::fromStdString(args[i].value.toText(t->strings)));
            }
        }
        // Launch flows: launch_id is the flow's source, for every flow.
        std::size_t launches = 0;
        for (const Flow &f : t->flows)
            launches += f.kind == FlowKind::Launch;
        QCOMPARE(sqlRows(db,
                         QStringLiteral("SELECT count(*) FROM flow AS f JOIN event AS e ON e.id = f.to_id "
                                        "WHERE f.kind = 'launch' AND e.launch_id = f.from_id"))[0][0]
                     .toULongLong(),
                 launches);
    }

    // Every shared trace of every format can be queried: the event table holds
    // each event once, with the model's kinds and durations.
    void everySharedTraceAnswers_data()
    {
        QTest::addColumn<QString>("trace");
        for (const QString &path : sharedTraceFiles())
            QTest::newRow(qPrintable(QFileInfo(path).fileName())) << path;
    }
    void everySharedTraceAnswers()
    {
        QFETCH(QString, trace);
        const auto t = cachedTraceOrWarn(trace);
        QVERIFY(t);
        TraceDatabase &db = databaseFor(t);
        std::map<std::string, std::pair<std::uint64_t, std::int64_t>> expected; // kind -> count, total duration
        for (const Track &track : t->tracks)
            for (const Event &e : track.events) {
                auto &[count, total] = expected[std::string(eventKindName(e.kind))];
                ++count;
                total += e.duration;
            }
        QVERIFY(!expected.empty());
        const auto rows = sqlRows(db, QStringLiteral("SELECT kind, count(*), sum(dur) FROM event GROUP BY kind"));
        QCOMPARE(rows.size(), qsizetype(expected.size()));
        for (const QStringList &row : rows) {
            const auto it = expected.find(row[0].toStdString());
            QVERIFY2(it != expected.end(), qPrintable(row[0]));
            QCOMPARE(row[1].toULongLong(), it->second.first);
            QCOMPARE(row[2].toLongLong(), it->second.second);
        }
    }

    // Each pair: a query the event table answers from its indexes, and the
    // same with the condition hidden from the planner.
    void indexedEqualsScanned_data()
    {
        QTest::addColumn<QString>("trace");
        QTest::addColumn<QString>("indexed");
        QTest::addColumn<QString>("scanned");
        // The start of the middle kernel: a time where things happen.
        const QString mid = QStringLiteral("(SELECT ts FROM event WHERE kind = 'kernel' ORDER BY ts "
                                           "LIMIT 1 OFFSET (SELECT count(*) / 2 FROM event WHERE kind = 'kernel'))");
        const QString kernel = QStringLiteral(
            "(SELECT id FROM event WHERE kind = 'kernel' ORDER BY dur DESC, id LIMIT 1)");
        const QString call = QStringLiteral("(SELECT launch_id FROM event WHERE id = ") + kernel + QLatin1Char(')');
        const QList<std::pair<QString, QString>> pairs = {
            {QStringLiteral("SELECT id FROM event WHERE ts BETWEEN %1 AND %1 + 5000000").arg(mid),
             QStringLiteral("SELECT id FROM event WHERE ts + 0 BETWEEN %1 AND %1 + 5000000").arg(mid)},
            {QStringLiteral("SELECT id FROM event WHERE ts > %1 AND ts < %1 + 1000000.5").arg(mid),
             QStringLiteral("SELECT id FROM event WHERE ts + 0 > %1 AND ts + 0 < %1 + 1000000.5").arg(mid)},
            {QStringLiteral("SELECT id FROM event WHERE end >= %1 AND ts <= %1").arg(mid),
             QStringLiteral("SELECT id FROM event WHERE end + 0 >= %1 AND ts + 0 <= %1").arg(mid)},
            {QStringLiteral("SELECT id FROM event WHERE end <= %1 AND end > %1 - 10000000").arg(mid),
             QStringLiteral("SELECT id FROM event WHERE end + 0 <= %1 AND end + 0 > %1 - 10000000").arg(mid)},
            {QStringLiteral("SELECT id FROM event WHERE kind = 'kernel'"),
             QStringLiteral("SELECT id FROM event WHERE '' || kind = 'kernel'")},
            {QStringLiteral("SELECT id FROM event WHERE kind IN ('memcpy', 'range', 'nonsense')"),
             QStringLiteral("SELECT id FROM event WHERE '' || kind IN ('memcpy', 'range', 'nonsense')")},
            {QStringLiteral("SELECT id FROM event WHERE name = (SELECT name FROM event WHERE id = %1)").arg(kernel),
             QStringLiteral("SELECT id FROM event WHERE '' || name = (SELECT name FROM event WHERE id = %1)")
                 .arg(kernel)},
            {QStringLiteral("SELECT id FROM event WHERE track = 2 OR track = 3"),
             QStringLiteral("SELECT id FROM event WHERE track + 0 IN (2, 3)")},
            {QStringLiteral("SELECT id FROM event WHERE track IN (3, 1, 1, 99999, '2')"),
             QStringLiteral("SELECT id FROM event WHERE track + 0 IN (3, 1, 99999, 2)")},
            {QStringLiteral("SELECT id FROM event WHERE thread = 1 AND kind = 'api_call'"),
             QStringLiteral("SELECT id FROM event WHERE thread + 0 = 1 AND '' || kind = 'api_call'")},
            {QStringLiteral("SELECT id FROM event WHERE process = 0 AND ts < %1").arg(mid),
             QStringLiteral("SELECT id FROM event WHERE process + 0 = 0 AND ts + 0 < %1").arg(mid)},
            {QStringLiteral("SELECT id FROM event WHERE launch_id = ") + call,
             QStringLiteral("SELECT id FROM event WHERE launch_id + 0 = ") + call},
            {QStringLiteral(
                 "SELECT id FROM event WHERE id IN (SELECT id FROM event WHERE dur > 100000) AND kind <> 'x'"),
             QStringLiteral("SELECT id FROM event WHERE dur + 0 > 100000")},
            {QStringLiteral("SELECT id FROM event WHERE id = -1 OR id = 1 << 40 OR id = 4.5 OR id = 'x'"),
             QStringLiteral("SELECT id FROM event WHERE 0")},
            {QStringLiteral("SELECT name, count(*), sum(dur) FROM event GROUP BY name"),
             QStringLiteral("SELECT n, count(*), sum(dur) FROM (SELECT '' || name AS n, dur FROM event) GROUP BY n")},
            {QStringLiteral("SELECT kind, count(*) FROM event GROUP BY kind ORDER BY kind DESC"),
             QStringLiteral("SELECT k, count(*) FROM (SELECT '' || kind AS k FROM event) GROUP BY k ORDER BY k DESC")},
            {QStringLiteral("SELECT id FROM event ORDER BY tid DESC, dur, id DESC"),
             QStringLiteral("SELECT id FROM event ORDER BY tid + 0 DESC, dur + 0, id + 0 DESC")},
            {QStringLiteral("SELECT id FROM event ORDER BY stream, name DESC, ts, id"),
             QStringLiteral("SELECT id FROM event ORDER BY stream + 0, '' || name DESC, ts + 0, id + 0")},
            {QStringLiteral("SELECT from_id, to_id FROM flow WHERE to_id = ") + kernel,
             QStringLiteral("SELECT from_id, to_id FROM flow WHERE to_id + 0 = ") + kernel},
            {QStringLiteral("SELECT from_id, to_id FROM flow WHERE from_id = ") + call,
             QStringLiteral("SELECT from_id, to_id FROM flow WHERE from_id + 0 = ") + call},
            {QStringLiteral("SELECT event_id, value FROM arg WHERE key = 'grid' ORDER BY 1, 2"),
             QStringLiteral("SELECT event_id, value FROM arg WHERE '' || key = 'grid' ORDER BY 1, 2")},
        };
        for (const char *name : {"kineto/resnet50_train.json.gz", "nsys/nvtx_cnn.sqlite"})
            for (qsizetype i = 0; i < pairs.size(); ++i)
                QTest::addRow("%s %lld", name, qlonglong(i)) << tracePath(name) << pairs[i].first << pairs[i].second;
    }
    void indexedEqualsScanned()
    {
        QFETCH(QString, trace);
        QFETCH(QString, indexed);
        QFETCH(QString, scanned);
        const auto t = cachedTraceOrWarn(trace);
        QVERIFY(t);
        TraceDatabase &db = databaseFor(t);
        QString error;
        const auto want = sqlRows(db, scanned, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        if (!scanned.endsWith(QLatin1String("WHERE 0")))
            QVERIFY(!want.isEmpty()); // a comparison of two empty results would prove nothing
        const auto got = sqlRows(db, indexed, &error);
        QVERIFY2(error.isEmpty(), qPrintable(error));
        const bool ordered = indexed.contains(QLatin1String("ORDER BY"));
        auto sortedIfUnordered = [ordered](QList<QStringList> rows) {
            if (!ordered)
                std::sort(rows.begin(), rows.end());
            return rows;
        };
        QCOMPARE(sortedIfUnordered(got), sortedIfUnordered(want));
    }

    void aggregates()
    {
        const auto t = cachedTraceOrWarn(tracePath("kineto/resnet50_train.json.gz"));
        QVERIFY(t);
        TraceDatabase &db = databaseFor(t);
        // Hand-checked values: median of 1..4 is 2.5, sample stddev of 2,4,4,4,5,5,7,9 is 2.138...
        const auto rows = sqlRows(
            db,
            QStringLiteral(
                "SELECT median(v), round(stddev(v), 6), round(variance(v), 6) FROM (SELECT 2 AS v UNION ALL SELECT 4 "
                "UNION ALL SELECT 4 UNION ALL SELECT 4 UNION ALL SELECT 5 UNION ALL SELECT 5 UNION ALL SELECT 7 "
                "UNION ALL SELECT 9 UNION ALL SELECT NULL)"));
        QCOMPARE(rows[0], (QStringList{QStringLiteral("4.5"), QStringLiteral("2.13809"), QStringLiteral("4.571429")}));
        QCOMPARE(sqlRows(db,
                         QStringLiteral(
                             "SELECT median(v) FROM (SELECT 1 AS v UNION ALL SELECT 2.5 UNION ALL SELECT 4)"))[0][0],
                 QStringLiteral("2.5"));
        QCOMPARE(sqlRows(db, QStringLiteral("SELECT median(dur), stddev(dur) FROM event WHERE 0"))[0],
                 (QStringList{QString(), QString()}));
        QCOMPARE(sqlRows(db, QStringLiteral("SELECT stddev(5)"))[0][0], QString());
    }

    void errorsAreReportedNotThrown()
    {
        const auto t = cachedTraceOrWarn(tracePath("nsys/nvtx_cnn.sqlite"));
        QVERIFY(t);
        TraceDatabase &db = databaseFor(t);
        const struct
        {
            const char *sql;
            SqlErrorKind kind;
            const char *message;
        } cases[] = {
            {"SELEC 1", SqlErrorKind::Query, "syntax error"},
            {"SELECT nope FROM event", SqlErrorKind::Query, "no such column: nope"},
            {"SELECT 1; SELECT 2", SqlErrorKind::Query, "one statement"},
            {"   -- nothing", SqlErrorKind::Query, "empty"},
            {"ATTACH '/tmp/tracelane_sql_attach.db' AS other", SqlErrorKind::Query, "not authorized"},
            {"INSERT INTO flow VALUES (1, 2, 'launch')", SqlErrorKind::Query, "flow"},
            {"SELECT median()", SqlErrorKind::Query, "wrong number of arguments"},
        };
        for (const auto &c : cases) {
            const SqlResult result = db.query(c.sql);
            QVERIFY2(result.status.kind == c.kind, c.sql);
            QVERIFY2(QString::fromStdString(result.status.message).contains(QLatin1String(c.message)),
                     qPrintable(QString::fromStdString(result.status.message)));
        }
        QVERIFY(!QFile::exists(QStringLiteral("/tmp/tracelane_sql_attach.db")));
        QVERIFY(db.query("SELECT 1 -- a trailing comment\n;").status.ok());
    }

    void eventIdColumnsAreMarked()
    {
        const auto t = cachedTraceOrWarn(tracePath("kineto/resnet50_train.json.gz"));
        QVERIFY(t);
        const SqlResult r = databaseFor(t).query(
            "SELECT k.id AS kernel, k.api_id, k.name, k.dur, f.from_id, e.range_id, e.event_id, e.call_id, a.event_id, "
            "track.id FROM kernel AS k JOIN flow AS f ON f.to_id = k.id LEFT JOIN enclosing_range AS e ON e.event_id = "
            "k.id "
            "LEFT JOIN arg AS a ON a.event_id = k.id AND a.key = 'grid' JOIN track ON track.id = k.track LIMIT 1");
        QVERIFY2(r.status.ok(), r.status.message.c_str());
        QList<bool> marked;
        for (const SqlColumn &c : r.columns)
            marked << c.eventId;
        QCOMPARE(marked, (QList<bool>{true, true, false, false, true, true, true, true, true, false}));
    }

    void emptyTrace()
    {
        TraceDatabase db(std::make_shared<const Trace>());
        for (const char *table :
             {"event", "flow", "arg", "track", "kernel", "enclosing_range", "range_gpu_op", "counter"}) {
            const SqlResult r = db.query(std::string("SELECT count(*) FROM ") + table);
            QVERIFY2(r.status.ok(), r.status.message.c_str());
            QCOMPARE(r.rows[0][0].i, std::int64_t(0));
        }
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestSqlTables)
#include "tst_sql_tables.moc"
