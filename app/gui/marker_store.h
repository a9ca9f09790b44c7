#pragma once
// Markers kept per trace file in QSettings, beside the window layout: under
// "markers/", keyed by the file's canonical path, for the kMaxTraces files
// whose markers changed last. A file with no markers has no entry. A window of
// several traces keeps its markers under the set of its files (their canonical
// paths, sorted), so another set of as many files never sees them.

#include "timeline/marker_set.h"

#include <QString>
#include <QStringList>

#include <vector>

namespace tracelane::MarkerStore {

constexpr int kMaxTraces = 50;

// The key a trace file's markers are saved under: its canonical path (the
// absolute path when it no longer exists).
QString fileKey(const QString &traceFile);
// Of several files: their keys, sorted, one per line; of one file, its key.
QString fileKey(const QStringList &traceFiles);

std::vector<Marker> load(const QStringList &traceFiles);
// Saves (an empty list removes the entry) and forgets the oldest files beyond kMaxTraces.
void save(const QStringList &traceFiles, const std::vector<Marker> &markers);

inline std::vector<Marker> load(const QString &traceFile) { return load(QStringList{traceFile}); }
inline void save(const QString &traceFile, const std::vector<Marker> &markers) { save(QStringList{traceFile}, markers); }
// The files with saved markers, the last saved first.
QStringList files();

} // namespace tracelane::MarkerStore
