#pragma once
// The default arrangement of a trace's tracks, as Nsight Systems shows them:
// per process its threads (ranges, CPU ops, CUDA API calls), then its async
// and counter tracks; per GPU its streams (annotations above the work). Empty
// tracks are left out; named pseudo-processes (Kineto "Spans", "Traces") go last.

#include "model/trace.h"
#include "timeline/track_layout.h"

#include <QCoreApplication>

namespace tracelane {

class EfficiencyLanes;

class TrackGrouping
{
    Q_DECLARE_TR_FUNCTIONS(TrackGrouping)

public:
    static TrackLayout arrange(const Trace &trace);
    // A queue depth lane under each stream of `lanes` that has one (laid out
    // only while the layout shows queue depth lanes).
    static void addQueueDepthLanes(TrackLayout &layout, const EfficiencyLanes &lanes);
    // Pins the GPU streams when the lanes above them are deep (track_pinning.cpp).
    static void pinGpuStreamsIfDeep(TrackLayout &layout, const Trace &trace);
    // Pins them when the first one ends below a rows area this tall (the
    // window's, at first show); false when nothing was pinned.
    static bool pinGpuStreamsBelow(TrackLayout &layout, const Trace &trace, int rowsAreaHeight);

    static QString processLabel(const Trace &trace, std::int32_t process);
    static QString threadLabel(const Trace &trace, std::int32_t thread);
    static QString gpuLabel(const Trace &trace, std::int32_t device); // "GPU 0 · NVIDIA H100 80GB HBM3"
    static QString trackLabel(const Trace &trace, std::uint32_t track);
    static QString memoryCounterLabel(const QString &name);
    // "python (1234) › main (1234) › CUDA API": where a track sits, for the details panel.
    static QString trackPath(const Trace &trace, std::uint32_t track);
    // The lane group of one of several traces: "Rank 3 · trace.json", else the file name.
    static QString partLabel(const TracePart &part);

private:
    static void arrangeTracks(TrackLayout &layout, int parent, const Trace &trace, std::uint32_t firstTrack,
                              std::uint32_t endTrack);
};

} // namespace tracelane
