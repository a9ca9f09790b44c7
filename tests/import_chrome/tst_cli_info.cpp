#include "test_registry.h"

// tracelane-cli info end to end: JSON keys and exit codes as documented.
#include <QtTest>
#include <nlohmann/json.hpp>

class TestCliInfo : public QObject
{
    Q_OBJECT

    struct Run
    {
        int exitCode;
        QByteArray out, err;
    };

    static Run run(const QStringList &args)
    {
        QProcess p;
        p.start(QStringLiteral(TRACELANE_CLI), args);
        if (!p.waitForFinished(60000))
            qFatal("tracelane-cli did not finish");
        return {p.exitCode(), p.readAllStandardOutput(), p.readAllStandardError()};
    }

private slots:
    void jsonCounts()
    {
        const Run r = run({QStringLiteral("info"), QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/dlrm_train.json.gz"),
                           QStringLiteral("--format"), QStringLiteral("json")});
        QCOMPARE(r.exitCode, 0);
        const auto j = nlohmann::json::parse(r.out.toStdString());
        QCOMPARE(j["kernels"].get<int>(), 1350);
        QCOMPARE(j["cpu_ops"].get<int>(), 3970);
        QCOMPARE(j["memsets"].get<int>(), 425);
        QCOMPARE(j["streams"].get<int>(), 1);
        QCOMPARE(j["start_ns"].get<std::int64_t>(), std::int64_t(4502772558614147));
        QCOMPARE(j["end_ns"].get<std::int64_t>(), std::int64_t(4502772669796062));
        for (const char *key : {"events", "cpu_ops", "ranges", "api_calls", "kernels", "memcpys", "memsets", "flows",
                                "threads", "streams"})
            QVERIFY2(j[key].is_number_integer(), key);
        QCOMPARE(j["format"].get<std::string>(), std::string("chrome-json"));
    }

    void textTable()
    {
        const Run r = run({QStringLiteral("info"), QStringLiteral(TRACELANE_SHARED_TRACES "/hta/triton_example.json.gz")});
        QCOMPARE(r.exitCode, 0);
        QVERIFY(r.out.contains("Kernels     1"));
    }

    void badInputExitsNonZeroWithOneLine()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("broken.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write("{\"traceEvents\": [{\"ph\":");
        f.close();
        const Run r = run({QStringLiteral("info"), path});
        QVERIFY(r.exitCode != 0);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY(r.err.contains(path.toUtf8()));
        QVERIFY(r.out.isEmpty());
    }

    void usageErrors()
    {
        QCOMPARE(run({QStringLiteral("info")}).exitCode, 2);
        QCOMPARE(run({QStringLiteral("no-such-command")}).exitCode, 2);
        QCOMPARE(run({QStringLiteral("info"), QStringLiteral("x"), QStringLiteral("--format"), QStringLiteral("xml")})
                     .exitCode,
                 2);
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestCliInfo)
#include "tst_cli_info.moc"
