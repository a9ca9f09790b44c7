// Mangled GPU kernel names in Chrome traces read as the demangled C++ names,
// as nsys and nvprof traces do. The fixture is HTA's real MI250 (ROCm 6.2)
// trace with two kernels named by their symbols (tests/data/chrome/amd_mangled):
// it must give the original's names back, in the model and in the CLI.
#include "import/demangle.h"
#include "import/importer.h"

#include "cached_import.h"
#include "cli_run.h"
#include "shared_traces.h"
#include "test_registry.h"

#include <QtTest>

#include <algorithm>

using namespace tracelane;

namespace {

QString mangledAmdTrace()
{
    return QStringLiteral(TRACELANE_TEST_DATA "/chrome/amd_mangled/amd_mi250_mangled_kernels.json.gz");
}

QString amdTrace()
{
    return test::sharedTrace("hta/amd_mi250_rocm62.json.gz");
}

std::vector<EventRef> kernelsOf(const Trace &trace)
{
    std::vector<EventRef> kernels;
    for (std::uint32_t t = 0; t < trace.tracks.size(); ++t)
        for (std::uint32_t i = 0; i < trace.tracks[t].events.size(); ++i)
            if (trace.tracks[t].events[i].kind == EventKind::Kernel)
                kernels.push_back({t, i});
    return kernels;
}

} // namespace

class TestKernelNameDemangling : public QObject
{
    Q_OBJECT

private slots:
    void amdKernelsReadAsTheirDemangledNames()
    {
        const auto mangled = test::cachedTraceOrWarn(mangledAmdTrace());
        const auto original = test::cachedTraceOrWarn(amdTrace());
        QVERIFY(mangled && original);
        const auto kernels = kernelsOf(*mangled), originalKernels = kernelsOf(*original);
        QCOMPARE(kernels.size(), originalKernels.size());
        int fromSymbols = 0;
        for (std::size_t k = 0; k < kernels.size(); ++k) {
            const std::string_view name = mangled->name(kernels[k]);
            QCOMPARE(QString::fromUtf8(name.data(), qsizetype(name.size())),
                     QString::fromUtf8(original->name(originalKernels[k]).data(),
                                       qsizetype(original->name(originalKernels[k]).size())));
            QVERIFY(!name.starts_with("_Z"));
            if (const auto symbol = mangled->arg(kernels[k], "mangledName")) {
                ++fromSymbols;
                const std::string text = symbol->toText(mangled->strings);
                QVERIFY2(text.starts_with("_ZN2at6native29vectorized_elementwise_kernel"), text.c_str());
                QCOMPARE(demangle(text).value_or(std::string()), std::string(name));
            }
        }
        QCOMPARE(fromSymbols, 4); // FillFunctor twice, CUDAFunctor_add twice
        const std::string fill = "void at::native::vectorized_elementwise_kernel<4, at::native::FillFunctor<float>, "
                                 "at::detail::Array<char*, 1> >(int, at::native::FillFunctor<float>, "
                                 "at::detail::Array<char*, 1>)";
        QCOMPARE(std::count_if(kernels.begin(), kernels.end(), [&](EventRef r) { return mangled->name(r) == fill; }),
                 std::ptrdiff_t(2));
    }

    // The CLI's kernel summary (as nsys cuda_gpu_kern_sum) lists the same names.
    void cliSummaryShowsTheDemangledNames()
    {
        const test::CliRun mangled = test::runCli(
            {QStringLiteral("kernels"), mangledAmdTrace(), QStringLiteral("--format"), QStringLiteral("csv")});
        const test::CliRun original = test::runCli(
            {QStringLiteral("kernels"), amdTrace(), QStringLiteral("--format"), QStringLiteral("csv")});
        QVERIFY(mangled.finished && mangled.exitCode == 0);
        QVERIFY(original.finished && original.exitCode == 0);
        QVERIFY(!mangled.out.contains(QStringLiteral(",_Z")));
        QCOMPARE(mangled.out, original.out);
    }
};

TRACELANE_TEST_GUILESS_MAIN(TestKernelNameDemangling)
#include "tst_kernel_name_demangling.moc"
