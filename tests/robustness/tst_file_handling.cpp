// How trace files are opened: a name with '#', '?' or '%' must not change which
// file SQLite opens; opening never writes to the file or beside it (no -wal,
// -shm or journal); a file that changes while it is read ends in a clear error.
#include "import/importer.h"

#include "shared_traces.h"
#include "test_registry.h"

#include <QCryptographicHash>
#include <QDir>
#include <QFile>
#include <QTemporaryDir>
#include <QTest>

#include <fstream>
#include <functional>

using namespace tracelane;
using tracelane::test::sharedTraces;

namespace {

QByteArray sha256(const QString &path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    QCryptographicHash hash(QCryptographicHash::Sha256);
    hash.addData(&file);
    return hash.result();
}

QStringList entries(const QString &dir)
{
    return QDir(dir).entryList(QDir::Files | QDir::Hidden | QDir::System, QDir::Name);
}

QString copyInto(const QTemporaryDir &dir, const QString &source, const QString &name)
{
    const QString target = dir.filePath(name);
    QFile::copy(source, target);
    QFile::setPermissions(target, QFile::ReadOwner | QFile::WriteOwner); // shared files are read-only
    return target;
}

// Loads `path` and runs `duringLoad` once, from the importer's first progress report.
ImportResult loadChangingOnce(const QString &path, const std::function<void()> &duringLoad)
{
    bool done = false;
    ImportControl control([&](std::uint64_t, std::uint64_t) {
        if (!done) {
            done = true;
            duringLoad();
        }
    });
    ImportResult result = loadTrace(path.toStdString(), control);
    if (!done)
        qFatal("the importer reported no progress");
    return result;
}

} // namespace

class TestFileHandling : public QObject
{
    Q_OBJECT

private slots:
    void sqliteNameWithUriCharacters_data()
    {
        QTest::addColumn<QString>("source");
        QTest::newRow("nvprof") << sharedTraces() + QStringLiteral("nvprof/gpu_ml_timeline.nvvp");
        QTest::newRow("nsys") << sharedTraces() + QStringLiteral("nsys/nvtx_cnn.sqlite");
    }
    // The same file under a name SQLite's URI syntax would cut at '#' or '?'
    // and decode at '%': the same trace, and neither file touched.
    void sqliteNameWithUriCharacters()
    {
        QFETCH(QString, source);
        QTemporaryDir dir;
        const QString plain = copyInto(dir, source, QStringLiteral("plain.db"));
        const QString odd = copyInto(dir, source, QStringLiteral("a#b?c%d.nvvp"));
        const QByteArray hashBefore = sha256(odd);
        const QStringList filesBefore = entries(dir.path());

        const ImportResult original = loadTrace(plain.toStdString());
        const ImportResult renamed = loadTrace(odd.toStdString());
        QVERIFY2(original.ok(), original.error.c_str());
        QVERIFY2(renamed.ok(), renamed.error.c_str());
        const EventCounts a = original.trace->counts(), b = renamed.trace->counts();
        QVERIFY(a.events > 0);
        QCOMPARE(b.events, a.events);
        QCOMPARE(b.kernels, a.kernels);
        QCOMPARE(b.apiCalls, a.apiCalls);
        QCOMPARE(b.memcpys, a.memcpys);
        QCOMPARE(b.ranges, a.ranges);
        QCOMPARE(b.flows, a.flows);

        QCOMPARE(sha256(odd), hashBefore);
        QCOMPARE(entries(dir.path()), filesBefore); // no -journal, -wal or -shm appeared
    }

    // A relative name starting like a URI authority, and one with spaces.
    void sqliteOtherNames()
    {
        QTemporaryDir dir;
        const QString source = sharedTraces() + QStringLiteral("nvprof/gpu_ml_timeline.nvvp");
        copyInto(dir, source, QStringLiteral("with space & 'quote'.nvvp"));
        const QString cwd = QDir::currentPath();
        QDir::setCurrent(dir.path());
        const ImportResult relative = loadTrace("with space & 'quote'.nvvp");
        const ImportResult doubleSlash = loadTrace(
            "/" + dir.filePath(QStringLiteral("with space & 'quote'.nvvp")).toStdString());
        QDir::setCurrent(cwd);
        QVERIFY2(relative.ok(), relative.error.c_str());
        QVERIFY2(doubleSlash.ok(), doubleSlash.error.c_str());
        QCOMPARE(relative.trace->counts().kernels, doubleSlash.trace->counts().kernels);
    }

    // A database beside which a -wal file was left: read as the file is, and
    // neither file is changed (immutable: SQLite looks at no side file).
    void sqliteNeverWritten()
    {
        QTemporaryDir dir;
        const QString copy = copyInto(dir, sharedTraces() + QStringLiteral("nsys/emit_nvtx_mlp.sqlite"),
                                      QStringLiteral("t.sqlite"));
        const QByteArray before = sha256(copy);
        const QStringList files = entries(dir.path());
        for (int i = 0; i < 2; ++i) {
            const ImportResult loaded = loadTrace(copy.toStdString());
            QVERIFY2(loaded.ok(), loaded.error.c_str());
        }
        QCOMPARE(sha256(copy), before);
        QCOMPARE(entries(dir.path()), files);
    }

    void changedWhileLoading_data()
    {
        QTest::addColumn<QString>("source");
        QTest::addColumn<bool>("truncate");
        const QString chrome = QStringLiteral(TRACELANE_TEST_DATA) + QStringLiteral("/chrome/flows.json");
        const QString nvprof = sharedTraces() + QStringLiteral("nvprof/gpu_ml_timeline.nvvp");
        const QString nsysJson = sharedTraces() + QStringLiteral("nsys/nvtx_cnn_nsys.json");
        QTest::newRow("chrome, appended") << chrome << false;
        QTest::newRow("chrome, truncated") << chrome << true;
        QTest::newRow("nsys json, appended") << nsysJson << false;
        QTest::newRow("nvprof, appended") << nvprof << false;
        QTest::newRow("nvprof, truncated") << nvprof << true;
    }
    // Another program appends to or cuts the file while it is read: the load
    // fails, and says so rather than blaming the content.
    void changedWhileLoading()
    {
        QFETCH(QString, source);
        QFETCH(bool, truncate);
        QTemporaryDir dir;
        const QString copy = copyInto(dir, source, QStringLiteral("growing"));
        const ImportResult result = loadChangingOnce(copy, [&] {
            QFile file(copy);
            if (truncate) {
                file.resize(file.size() / 2);
            } else {
                QVERIFY(file.open(QIODevice::Append));
                file.write("\n{\"more\":1}\n");
            }
        });
        QVERIFY(!result.ok());
        QVERIFY2(result.error.find("changed while it was being read") != std::string::npos, result.error.c_str());
        QVERIFY2(result.error.find(copy.toStdString()) != std::string::npos, result.error.c_str());
        QVERIFY2(result.error.find("size went from") != std::string::npos, result.error.c_str());
    }

    // Unchanged, the same load succeeds: the check itself is not the failure.
    void unchangedLoads()
    {
        QTemporaryDir dir;
        const QString copy = copyInto(dir, sharedTraces() + QStringLiteral("nvprof/gpu_ml_timeline.nvvp"),
                                      QStringLiteral("x"));
        const ImportResult result = loadChangingOnce(copy, [] {});
        QVERIFY2(result.ok(), result.error.c_str());
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestFileHandling)
#include "tst_file_handling.moc"
