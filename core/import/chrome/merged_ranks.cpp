#include "merged_ranks.h"

#include "raw_event.h"
#include "import/byte_source.h"

#include <algorithm>
#include <exception>
#include <filesystem>
#include <system_error>

namespace tracelane {

std::optional<std::string_view> rankLabelOf(std::string_view pid, std::string_view *rest)
{
    // [ (TP|DP|PP|EP)digits ( - (TP|DP|PP|EP)digits )* ] space
    if (pid.size() < 6 || pid[0] != '[')
        return std::nullopt;
    std::size_t i = 1;
    for (;;) {
        const std::string_view kind = pid.substr(i, 2);
        if (kind != "TP" && kind != "DP" && kind != "PP" && kind != "EP")
            return std::nullopt;
        i += 2;
        const std::size_t digits = i;
        while (i < pid.size() && pid[i] >= '0' && pid[i] <= '9')
            ++i;
        if (i == digits || i >= pid.size())
            return std::nullopt;
        if (pid[i] == ']')
            break;
        if (pid[i] != '-')
            return std::nullopt;
        ++i;
    }
    if (i + 1 >= pid.size() || pid[i + 1] != ' ')
        return std::nullopt;
    if (rest)
        *rest = pid.substr(i + 2);
    return pid.substr(0, i + 1);
}

bool RankFilter::admit(RawId &pid)
{
    if (!pid.isText)
        return m_keep.empty();
    std::string_view rest;
    const auto label = rankLabelOf(pid.text, &rest);
    if (!label)
        return m_keep.empty();
    if (*label != m_lastLabel) {
        m_lastLabel = std::string(*label);
        if (std::find(m_labels.begin(), m_labels.end(), m_lastLabel) == m_labels.end())
            m_labels.push_back(m_lastLabel);
    }
    if (m_keep.empty())
        return true;
    if (*label != m_keep) {
        ++m_other;
        return false;
    }
    const std::string unlabelled(rest);
    pid.text = unlabelled; // the mapper reads a numeric text pid as that number
    return true;
}

std::optional<RankPath> splitRankPath(const std::string &path)
{
    const std::size_t hash = path.rfind("#[");
    if (hash == std::string::npos || path.back() != ']')
        return std::nullopt;
    std::error_code error;
    if (std::filesystem::exists(path, error))
        return std::nullopt; // a file whose name really ends so
    RankPath parts{path.substr(0, hash), path.substr(hash + 1)};
    if (!rankLabelOf(parts.label + " ") || rankLabelOf(parts.label + " ")->size() != parts.label.size())
        return std::nullopt;
    return parts;
}

std::string rankPath(const std::string &file, const std::string &label)
{
    return file + "#" + label;
}

std::vector<std::string> mergedRankLabelsOrThrow(const std::string &path);

std::vector<std::string> mergedRankLabels(const std::string &path)
{
    try {
        return mergedRankLabelsOrThrow(path);
    } catch (const std::exception &) {
        return {}; // unreadable: not a merged file; loading it says why
    }
}

std::vector<std::string> mergedRankLabelsOrThrow(const std::string &path)
{
    std::vector<std::string> labels;
    ByteSource source(path);
    source.setKeepTruncated(true);
    std::string window;
    std::vector<char> buffer(1 << 20);
    static constexpr std::string_view kPid = "\"pid\"";
    static constexpr std::size_t kValueBytes = 64; // enough for a label and a pid
    auto scan = [&](bool atEnd) {
        std::size_t at = 0;
        for (;;) {
            const std::size_t found = window.find(kPid, at);
            if (found == std::string::npos || (!atEnd && found + kValueBytes > window.size()))
                break;
            std::size_t i = found + kPid.size();
            while (i < window.size() && (window[i] == ' ' || window[i] == ':'))
                ++i;
            at = i;
            if (i >= window.size() || window[i] != '"')
                continue;
            const std::string_view value(window.data() + i + 1, std::min(kValueBytes, window.size() - i - 1));
            if (const auto label = rankLabelOf(value);
                label && std::find(labels.begin(), labels.end(), *label) == labels.end())
                labels.emplace_back(*label);
        }
        // A "pid" may straddle two reads: keep the tail for the next.
        window.erase(0, window.size() > kValueBytes ? window.size() - kValueBytes : 0);
    };
    while (const std::size_t n = source.read(buffer.data(), buffer.size())) {
        window.append(buffer.data(), n);
        scan(false);
    }
    scan(true);
    return labels.size() > 1 ? labels : std::vector<std::string>{};
}

} // namespace tracelane
