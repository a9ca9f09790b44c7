#pragma once
// Markers kept per trace file in QSettings, beside the window layout: under
// "markers/", keyed by the file's canonical path, for the kMaxTraces files
// whose markers changed last. A file with no markers has no entry.

#include "timeline/marker_set.h"

#include <QString>

#include <vector>

namespace tracelane::MarkerStore {

constexpr int kMaxTraces = 50;

// The key a trace file's markers are saved under: its canonical path (the
// absolute path when it no longer exists).
QString fileKey(const QString &traceFile);

std::vector<Marker> load(const QString &traceFile);
// Saves (an empty list removes the entry) and forgets the oldest files beyond kMaxTraces.
void save(const QString &traceFile, const std::vector<Marker> &markers);
// The files with saved markers, the last saved first.
QStringList files();

} // namespace tracelane::MarkerStore
