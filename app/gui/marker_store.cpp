#include "marker_store.h"

#include <QCryptographicHash>
#include <QFileInfo>
#include <QSettings>

namespace tracelane::MarkerStore {
namespace {

QString filesKey()
{
    return QStringLiteral("markers/files");
}

// A path holds '/' (a settings group separator) and any character, so the
// entry is named by its hash; the path itself is kept in the list.
QString entryKey(const QString &key)
{
    return QStringLiteral("markers/trace_")
        + QString::fromLatin1(QCryptographicHash::hash(key.toUtf8(), QCryptographicHash::Sha1).toHex());
}

QVariantMap toVariant(const Marker &m)
{
    QVariantMap v;
    v.insert(QStringLiteral("time"), qlonglong(m.time));
    if (m.end)
        v.insert(QStringLiteral("end"), qlonglong(*m.end));
    v.insert(QStringLiteral("name"), m.name);
    v.insert(QStringLiteral("color"), m.color.name());
    return v;
}

// Settings may be edited by hand or damaged: anything unreadable is skipped,
// and MarkerSet::setMarkers repairs the rest.
std::optional<Marker> fromVariant(const QVariant &value)
{
    const QVariantMap v = value.toMap();
    bool ok = false;
    Marker m;
    m.time = v.value(QStringLiteral("time")).toLongLong(&ok);
    if (!ok)
        return std::nullopt;
    if (v.contains(QStringLiteral("end"))) {
        const TimeNs end = v.value(QStringLiteral("end")).toLongLong(&ok);
        if (ok)
            m.end = end;
    }
    m.name = v.value(QStringLiteral("name")).toString().left(500);
    m.color = QColor::fromString(v.value(QStringLiteral("color")).toString());
    return m;
}

} // namespace

QString fileKey(const QString &traceFile)
{
    const QFileInfo info(traceFile);
    const QString canonical = info.canonicalFilePath();
    return canonical.isEmpty() ? info.absoluteFilePath() : canonical;
}

QString fileKey(const QStringList &traceFiles)
{
    QStringList keys;
    for (const QString &file : traceFiles)
        keys << fileKey(file);
    keys.sort();
    return keys.join(QLatin1Char('\n'));
}

std::vector<Marker> load(const QStringList &traceFiles)
{
    const QSettings settings;
    const QVariantList list = settings.value(entryKey(fileKey(traceFiles))).toList();
    std::vector<Marker> markers;
    for (const QVariant &value : list) {
        if (markers.size() >= std::size_t(MarkerSet::kMaxMarkers))
            break;
        if (auto m = fromVariant(value))
            markers.push_back(std::move(*m));
    }
    return markers;
}

void save(const QStringList &traceFiles, const std::vector<Marker> &markers)
{
    const QString key = fileKey(traceFiles);
    QSettings settings;
    QStringList list = settings.value(filesKey()).toStringList();
    list.removeAll(key);
    if (markers.empty()) {
        settings.remove(entryKey(key));
    } else {
        QVariantList values;
        for (const Marker &m : markers)
            values.push_back(toVariant(m));
        settings.setValue(entryKey(key), values);
        list.prepend(key);
    }
    while (list.size() > kMaxTraces)
        settings.remove(entryKey(list.takeLast()));
    settings.setValue(filesKey(), list);
}

QStringList files()
{
    return QSettings().value(filesKey()).toStringList();
}

} // namespace tracelane::MarkerStore
