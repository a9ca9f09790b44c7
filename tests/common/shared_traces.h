#pragma once
// Paths of the shared traces (../shared/traces beside the project), which most
// test files open. Functions, not file-local constants, so that test files can
// share one translation unit in a unity build.

#include <QString>

namespace tracelane::test {

// The folder with a trailing slash: sharedTraces() + "kineto/resnet50_train.json.gz".
inline QString sharedTraces()
{
    return QStringLiteral(TRACELANE_SHARED_TRACES "/");
}

inline QString sharedTrace(const QString &relative)
{
    return sharedTraces() + relative;
}
inline QString sharedTrace(const char *relative)
{
    return sharedTraces() + QLatin1String(relative);
}

// The traces that many tests open.
inline QString resnetTrace()
{
    return sharedTrace("kineto/resnet50_train.json.gz");
}
inline QString compiledMlpTrace()
{
    return sharedTrace("kineto/compiled_mlp_train.json.gz");
}

// One rank of HTA's sampled two-rank training run (hta/sampled_rank-N.json.gz).
inline QString rankTrace(int rank)
{
    return sharedTrace(QStringLiteral("hta/sampled_rank-%1.json.gz").arg(rank));
}

// A PyTorch profiler trace recorded in 2021 (tests/data/chrome/kineto_2021):
// ResNet-50's first three profiler steps, in Kineto's layout of that year.
inline QString kineto2021Trace()
{
    return QStringLiteral(TRACELANE_TEST_DATA "/chrome/kineto_2021/resnet50_2021_three_steps.json.gz");
}

} // namespace tracelane::test
