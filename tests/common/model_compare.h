#pragma once
// Two models of the same events, compared track by track and event by event:
// for tests where a file read another way (cut, repaired, one rank of a merged
// file) must give exactly the model of its plain counterpart.

#include "model/trace.h"

#include <QtTest>

namespace tracelane::test {

inline void compareModels(const Trace &actual, const Trace &expected)
{
    QVERIFY(expected.eventCount() > 0);
    QCOMPARE(actual.eventCount(), expected.eventCount());
    QCOMPARE(actual.tracks.size(), expected.tracks.size());
    QCOMPARE(actual.flows.size(), expected.flows.size());
    for (std::size_t t = 0; t < expected.tracks.size(); ++t) {
        const Track &a = actual.tracks[t];
        const Track &e = expected.tracks[t];
        QCOMPARE(actual.strings.view(a.name), expected.strings.view(e.name));
        QCOMPARE(a.events.size(), e.events.size());
        for (std::size_t i = 0; i < e.events.size(); ++i) {
            QCOMPARE(a.events[i].start, e.events[i].start);
            QCOMPARE(a.events[i].duration, e.events[i].duration);
            QCOMPARE(a.events[i].kind, e.events[i].kind);
            QCOMPARE(a.events[i].correlation, e.events[i].correlation);
            QCOMPARE(actual.strings.view(a.events[i].name), expected.strings.view(e.events[i].name));
        }
    }
}

} // namespace tracelane::test
