#include "event_search.h"

#include <QRegularExpression>

#include <algorithm>
#include <tuple>

namespace tracelane {

SearchResult EventSearch::run(const Trace &trace, const QString &pattern)
{
    SearchResult result;
    if (pattern.isEmpty())
        return result;
    const QRegularExpression re(pattern, QRegularExpression::CaseInsensitiveOption);
    if (!re.isValid()) {
        result.error = tr("Invalid expression: %1").arg(re.errorString());
        return result;
    }
    std::vector<bool> nameMatches(trace.strings.size(), false);
    bool any = false;
    for (StringId id = 1; id < trace.strings.size(); ++id) {
        const std::string_view v = trace.strings.view(id);
        if (re.match(QString::fromUtf8(v.data(), qsizetype(v.size()))).hasMatch()) {
            nameMatches[id] = true;
            any = true;
        }
    }
    if (!any)
        return result;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t) {
        const auto &events = trace.tracks[t].events;
        for (std::uint32_t i = 0; i < events.size(); ++i)
            if (events[i].name < nameMatches.size() && nameMatches[events[i].name])
                result.matches.push_back(EventRef{t, i});
    }
    std::sort(result.matches.begin(), result.matches.end(), [&trace](EventRef a, EventRef b) {
        return std::make_tuple(trace.event(a).start, a.track, a.index)
               < std::make_tuple(trace.event(b).start, b.track, b.index);
    });
    return result;
}

} // namespace tracelane
