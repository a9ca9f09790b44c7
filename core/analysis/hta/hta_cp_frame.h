#pragma once
// HTA's data frame of one trace as its critical path analysis reads it
// (internal to hta_critical_path*.cpp): the rows HTA keeps after parsing and
// dropping the last step, in HTA's row order, with its index, times and links.
//
// HTA numbers rows by their position in the file's traceEvents array (Tracelane
// keeps it as the event's source record) and orders ties by it, so the frame
// needs it; a trace without source records is refused.
//
// CPU rows without a correlation id are most of a trace and only matter inside
// the analysed window (as parents on a call stack), so the frame holds them
// only once the window is known (addWindowRows), not for the whole trace.

#include "analysis/gpu/integer_key_index.h"
#include "model/trace.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane::htacp {

enum class Cat : std::uint8_t { CpuOp, CudaRuntime, CudaDriver, UserAnnotation, CudaSync, Other };

inline constexpr std::uint32_t kNoSlot = 0xFFFFFFFFu;

struct Row
{
    EventRef ref;
    std::uint32_t index = 0; // HTA's "index": the event's position in traceEvents
    StringId name = 0;
    Cat cat = Cat::Other;
    bool gpuFiltered = false; // HTA's GPU kernel filter: stream >= 0 and correlation >= 0, or a device-wide sync
    std::int32_t group = 0;   // the (pid, tid) the row came from: an index into Frame::groups
    std::uint32_t slot = 0;   // its correlation id's dense number (Frame::correlationSlots); kNoSlot for -1
    double ts = 0;            // µs, as HTA rounds and aligns them (first row of the trace at 0)
    double dur = 0;           // µs; a node's end is ts + dur, as HTA adds them
    std::int64_t stream = -1;
    std::int64_t correlation = -1;
    std::int64_t indexCorrelation = -1; // the linked row's index; 0 when it is not in the trace, -1 none
    std::int64_t waitOnStream = -1;
    std::int64_t waitOnRecordCorrelation = -1;

    double end() const { return ts + dur; }
};

// A (pid, tid) as HTA reads them from the file (GPU lanes: device and stream).
struct PidTid
{
    std::int64_t pid = 0;
    std::int64_t tid = 0;
};

// What the analysis asks of a name, worked out once per name.
enum NameFlag : std::uint16_t {
    kAnnotation = 1 << 0,   // contains the annotation text
    kLaunch = 1 << 1,       // a launch HTA's queue length counts (cudaLaunchKernel, ...)
    kRuntimeLock = 1 << 2,  // takes the CUDA runtime lock (cudaHostAlloc, cudaLaunchKernel, cudaMemcpyAsync)
    kBlocking = 1 << 3,     // a synchronising call: its span weighs 0
    kDataLoad = 1 << 4,     // contains one of the data loading texts
    kForward = 1 << 5,      // contains "forward"
    kAutograd = 1 << 6,     // contains "autograd"
    kDeviceSync = 1 << 7,   // "Event Sync" or "Context Sync"
    kStreamSync = 1 << 8,   // "Stream Sync"
    kStreamWait = 1 << 9,   // "Stream Wait Event"
    kEventRecord = 1 << 10, // "cudaEventRecord"
    kStreamWaitCall = 1 << 11, // "cudaStreamWaitEvent"
    kContextSync = 1 << 12, // "Context Sync"
};

class Frame
{
public:
    Frame(const Trace &trace, std::string_view annotation, const std::vector<std::string> &dataLoadEvents);

    const Trace &trace;
    std::string error;            // why HTA would fail, or why Tracelane does not reproduce it
    std::vector<Row> rows;        // HTA's row order
    std::vector<PidTid> groups;   // by Row::group
    bool rounded = false;
    bool anyAnnotationName = false; // some parsed row is named with the annotation text (HTA's symbol check)
    bool streamWaitNames = false;   // parsed rows name both cudaStreamWaitEvent and Stream Wait Event

    bool has(StringId name, NameFlag flag) const { return (m_flags[name] & flag) != 0; }
    // How many distinct correlation ids (other than -1) the rows have: the range of Row::slot.
    std::size_t correlationSlots() const { return m_correlations.size(); }
    // The row of an HTA index, if the frame holds it.
    const Row *byIndex(std::int64_t index) const;
    // Positions into rows of the rows named with the annotation text, in HTA's order.
    std::vector<std::uint32_t> annotationRows() const;
    // Adds the CPU rows without a correlation id that start within [start, end]
    // (HTA's µs) and that HTA keeps; rows already held are not added twice.
    void addWindowRows(double start, double end);

private:
    struct Reader;
    void sortByIndex(std::vector<Row> &parsed);
    void linkCorrelations(std::vector<Row> &parsed) const;
    void dropLastStep(std::vector<Row> &parsed, bool uncorrelatedKept);
    void indexRows();

    std::string m_annotation;
    std::vector<std::string> m_dataLoadEvents;
    std::vector<std::uint16_t> m_flags; // by StringId; computed on first sight of a name
    std::vector<std::int32_t> m_rowOfIndex; // HTA index -> position in rows, -1 when not held
    double m_minTs = 0;        // HTA's alignment: the earliest start of any parsed row
    std::optional<double> m_lastStepStart; // CPU rows from here on are dropped (aligned µs)
    std::vector<std::uint32_t> m_groupOfTrack;
    IntegerKeyIndex m_correlations;
};

} // namespace tracelane::htacp
