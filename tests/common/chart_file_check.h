#pragma once
// What every exported chart file must be, whichever chart drew it.

#include <QFile>
#include <QFileInfo>
#include <QImage>
#include <QProcess>
#include <QRegularExpression>
#include <QSize>
#include <QStandardPaths>
#include <QString>
#include <QXmlStreamReader>
#include <QtTest>

namespace tracelane::test {

inline int nonWhitePixels(const QImage &image)
{
    int n = 0;
    for (int y = 0; y < image.height(); ++y)
        for (int x = 0; x < image.width(); ++x)
            n += image.pixel(x, y) != qRgb(255, 255, 255);
    return n;
}

// Checks an exported chart: a PNG of `size` with something drawn, a one-page
// PDF of `size` points (when pdfinfo is installed), an SVG whose text holds
// `title`. QVERIFY failures end this function; callers check
// QTest::currentTestFailed() before going on.
inline void verifyChartFile(const QString &path, const QSize &size, const QString &title)
{
    QFileInfo info(path);
    QVERIFY2(info.exists() && info.size() > 1000, qPrintable(path));
    const QString suffix = info.suffix();
    QFile file(path);
    QVERIFY(file.open(QIODevice::ReadOnly));
    const QByteArray bytes = file.readAll();
    if (suffix == QLatin1String("png")) {
        QImage image;
        QVERIFY(image.loadFromData(bytes, "PNG"));
        QCOMPARE(image.size(), size);
        QVERIFY(nonWhitePixels(image) > size.width() * size.height() / 50); // bars, text and axes were drawn
    } else if (suffix == QLatin1String("pdf")) {
        QVERIFY(bytes.startsWith("%PDF-"));
        const QString pdfinfo = QStandardPaths::findExecutable(QStringLiteral("pdfinfo"));
        if (!pdfinfo.isEmpty()) {
            QProcess p;
            p.start(pdfinfo, {path});
            QVERIFY(p.waitForFinished(30000));
            QCOMPARE(p.exitCode(), 0);
            const QString out = QString::fromUtf8(p.readAllStandardOutput());
            QVERIFY2(out.contains(QRegularExpression(QStringLiteral("Pages:\\s+1\\n"))), qPrintable(out));
            QVERIFY2(out.contains(QStringLiteral("%1 x %2 pts").arg(size.width()).arg(size.height())), qPrintable(out));
        }
    } else {
        QXmlStreamReader xml(bytes);
        bool sawSvg = false, sawTitle = false;
        while (!xml.atEnd()) {
            if (xml.readNext() == QXmlStreamReader::StartElement && xml.name() == QLatin1String("svg"))
                sawSvg = true;
            if (xml.isCharacters() && xml.text().contains(title))
                sawTitle = true;
        }
        QVERIFY2(!xml.hasError(), qPrintable(xml.errorString()));
        QVERIFY(sawSvg);
        QVERIFY2(sawTitle, qPrintable(title)); // text stays text: searchable, sharp at any zoom
    }
}

} // namespace tracelane::test
