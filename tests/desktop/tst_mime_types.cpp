#include "test_registry.h"

// The shared-mime-info definition, read by Qt's MIME database the way a
// desktop reads it: file names and first bytes map to Tracelane's types,
// other JSON and SQLite files keep theirs, and the desktop entry claims
// exactly the types that are defined.
#include <QFile>
#include <QMimeDatabase>
#include <QRegularExpression>
#include <QTemporaryDir>
#include <QtTest>

#include <zlib.h>

namespace {

QString source(const char *relative)
{
    return QStringLiteral(TRACELANE_SOURCE_DIR "/") + QLatin1String(relative);
}

QByteArray readAll(const QString &path, qint64 limit = -1)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return {};
    return limit < 0 ? file.readAll() : file.read(limit);
}

QByteArray firstBytesOfGzip(const QString &path, int size)
{
    gzFile gz = gzopen(QFile::encodeName(path).constData(), "rb");
    if (!gz)
        return {};
    QByteArray bytes(size, '\0');
    const int got = gzread(gz, bytes.data(), unsigned(size));
    gzclose(gz);
    bytes.resize(std::max(0, got));
    return bytes;
}

} // namespace

class TestMimeTypes : public QObject
{
    Q_OBJECT

    QTemporaryDir m_dataDir;

private slots:
    void initTestCase()
    {
        // Before the first QMimeDatabase: it reads the directories once.
        QVERIFY(m_dataDir.isValid());
        QVERIFY(QDir(m_dataDir.path()).mkpath(QStringLiteral("mime/packages")));
        QVERIFY(QFile::copy(source("resources/org.tracelane.Tracelane.mime.xml"),
                            m_dataDir.filePath(QStringLiteral("mime/packages/org.tracelane.Tracelane.xml"))));
        qputenv("XDG_DATA_DIRS", QFile::encodeName(m_dataDir.path()) + ":/usr/local/share:/usr/share");
        QVERIFY(QMimeDatabase().mimeTypeForName(QStringLiteral("application/x-pytorch-trace+json")).isValid());
    }

    void fileType_data()
    {
        QTest::addColumn<QString>("name");
        QTest::addColumn<QByteArray>("content");
        QTest::addColumn<QString>("expected");

        const QByteArray kineto = firstBytesOfGzip(
            QStringLiteral(TRACELANE_SHARED_TRACES "/kineto/resnet50_train.json.gz"), 16384);
        const QByteArray nvprof = readAll(QStringLiteral(TRACELANE_SHARED_TRACES "/nvprof/gpu_ml_timeline.nvvp"), 16384);
        const QByteArray nsys = readAll(QStringLiteral(TRACELANE_SHARED_TRACES "/nsys/nvtx_cnn.sqlite"), 16384);
        QVERIFY(kineto.contains("\"traceEvents\""));
        QVERIFY(nvprof.startsWith("SQLite format 3"));
        QVERIFY(nsys.startsWith("SQLite format 3"));

        const QString pytorch = QStringLiteral("application/x-pytorch-trace+json");
        QTest::newRow("Kineto file name") << "worker0.1700000000.pt.trace.json" << kineto << pytorch;
        QTest::newRow("Kineto content, no extension") << "trace" << kineto << pytorch;
        QTest::newRow("small traceEvents object") << "trace" << QByteArray("{\"traceEvents\": []}") << pytorch;
        QTest::newRow("compressed Kineto name") << "w0.pt.trace.json.gz" << QByteArray("\x1f\x8b\x08\x00", 4)
                                                << "application/x-pytorch-trace+gzip";
        QTest::newRow("Nsight Systems name") << "report1.nsys.sqlite" << nsys << "application/x-nsight-systems-sqlite";
        QTest::newRow("nvvp name") << "run.nvvp" << nvprof << "application/x-nvprof";
        QTest::newRow("prof name") << "run.prof" << nvprof << "application/x-nvprof";
        QTest::newRow("Nsight Systems report") << "report1.nsys-rep" << QByteArray("NVIDIA Tegra Profiler Report 1.\n")
                                               << "application/x-nsight-systems-report";
        QTest::newRow("report without its extension") << "report1" << QByteArray("NVIDIA Tegra Profiler Report 1.\n")
                                                       << "application/x-nsight-systems-report";
        QTest::newRow("XSpace") << "host.xplane.pb" << QByteArray("\x0a\x20\x12\x09/host:CPU", 13)
                                << "application/x-xplane+protobuf";
        QTest::newRow("Perfetto trace") << "run.pftrace" << QByteArray("\x0a\x02\x08\x01", 4)
                                        << "application/x-perfetto-trace";
        QTest::newRow("RPD") << "trace.rpd" << QByteArray("SQLite format 3\0", 16) << "application/x-rocm-rpd";
        // An nvprof file without its extension is recognised by GLib (checked with
        // gio in validate_desktop_files.sh) but not by Qt 6.4, which keeps the
        // generic SQLite type; so it is not a row here.
        // Not ours: other JSON and other SQLite databases keep their own types.
        QTest::newRow("other JSON") << "settings.json" << QByteArray("{\"name\": 1}") << "application/json";
        QTest::newRow("other SQLite") << "places.sqlite3" << QByteArray("SQLite format 3\0", 16)
                                      << "application/vnd.sqlite3";
    }
    void fileType()
    {
        QFETCH(QString, name);
        QFETCH(QByteArray, content);
        QFETCH(QString, expected);
        QTemporaryDir dir;
        const QString path = dir.filePath(name);
        QFile file(path);
        QVERIFY(file.open(QIODevice::WriteOnly));
        file.write(content);
        file.close();
        QCOMPARE(QMimeDatabase().mimeTypeForFile(path).name(), expected);
    }

    void typesInheritTheirContainer()
    {
        const QMimeDatabase db;
        QVERIFY(db.mimeTypeForName(QStringLiteral("application/x-pytorch-trace+json"))
                    .inherits(QStringLiteral("application/json")));
        QVERIFY(db.mimeTypeForName(QStringLiteral("application/x-nsight-systems-sqlite"))
                    .inherits(QStringLiteral("application/vnd.sqlite3")));
        QVERIFY(db.mimeTypeForName(QStringLiteral("application/x-nvprof"))
                    .inherits(QStringLiteral("application/vnd.sqlite3")));
    }

    void desktopEntryClaimsTheDefinedTypes()
    {
        const QByteArray xml = readAll(source("resources/org.tracelane.Tracelane.mime.xml"));
        QStringList defined;
        const QRegularExpression type(QStringLiteral("<mime-type type=\"([^\"]+)\""));
        for (const auto &match : type.globalMatch(QString::fromUtf8(xml)))
            defined.append(match.captured(1));
        QCOMPARE(defined.size(), 8);

        const QString entry = QString::fromUtf8(readAll(source("resources/org.tracelane.Tracelane.desktop")));
        const auto line = QRegularExpression(QStringLiteral("^MimeType=(.*)$"), QRegularExpression::MultilineOption)
                              .match(entry);
        QVERIFY(line.hasMatch());
        QStringList claimed = line.captured(1).split(QLatin1Char(';'), Qt::SkipEmptyParts);
        defined.sort();
        claimed.sort();
        QCOMPARE(claimed, defined);
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestMimeTypes)
#include "tst_mime_types.moc"
