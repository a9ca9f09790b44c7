#pragma once
// LLM serving frameworks merge the Kineto traces of their ranks into one file
// and tell the ranks apart by a label before each pid: SGLang writes
// "pid": "[TP00-DP01] 12345" (TP, DP, PP and EP ranks, two digits each);
// vLLM's merged traces follow the same form. Such a file opens as one trace
// that says it holds ranks, or rank by rank: "FILE#[TP01]" names the events
// of one rank, with the label taken off their pids, so the file opens as
// ranks exactly like separate rank files do.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tracelane {

struct RawId;

// "[TP00-DP01]" from "[TP00-DP01] 12345"; `rest` gets "12345".
std::optional<std::string_view> rankLabelOf(std::string_view pid, std::string_view *rest = nullptr);

// Keeps the events of one rank (or all), and notes the labels it saw.
class RankFilter
{
public:
    explicit RankFilter(std::string keep = {}) : m_keep(std::move(keep)) {}

    // False: the event is another rank's. A kept event of the chosen rank
    // loses its label; with no rank chosen, pids stay as written.
    bool admit(RawId &pid);

    const std::string &kept() const { return m_keep; }
    const std::vector<std::string> &labels() const { return m_labels; } // in order of first appearance
    std::uint64_t otherRankEvents() const { return m_other; }

private:
    std::string m_keep;
    std::vector<std::string> m_labels;
    std::string m_lastLabel;
    std::uint64_t m_other = 0;
};

// "FILE#[TP01]": the file and the label, when `path` names one rank of a file.
struct RankPath
{
    std::string file;
    std::string label;
};
std::optional<RankPath> splitRankPath(const std::string &path);
std::string rankPath(const std::string &file, const std::string &label);

// The rank labels of a merged file, in the order they first appear; empty for
// any other file. One pass over the text, looking only at "pid" fields.
std::vector<std::string> mergedRankLabels(const std::string &path);

} // namespace tracelane
