#include "panels/critical/finding_text.h"

namespace tracelane {
namespace {

struct RuleText
{
    std::string_view rule;
    const char *title;
    const char *fix;
};

constexpr const char *kIdleGpuFix = QT_TRANSLATE_NOOP("tracelane::FindingText", "Find what the CPU did while the GPU waited: sample the CPU, look for blocking OS calls and thread synchronisation, and mark the CPU code with NVTX ranges to see which part leaves the GPU without work");

// The rules of core/analysis/findings (docs/ANALYSIS_FINDINGS.md), with the fixes it gives.
constexpr RuleText kRules[] = {
    {"cuda_memcpy_async", QT_TRANSLATE_NOOP("tracelane::FindingText", "Async memcpy with pageable memory"),
     QT_TRANSLATE_NOOP("tracelane::FindingText", "Copy from and to pinned (page-locked) host memory (cudaMallocHost or cudaHostAlloc; in PyTorch pin_memory=True and non_blocking=True), so cudaMemcpyAsync returns at once")},
    {"cuda_memcpy_sync", QT_TRANSLATE_NOOP("tracelane::FindingText", "Synchronous memcpy"),
     QT_TRANSLATE_NOOP("tracelane::FindingText", "Use cudaMemcpyAsync (cudaMemcpy*Async) on a stream, with pinned host memory, and synchronise only where the result is needed")},
    {"cuda_memset_sync", QT_TRANSLATE_NOOP("tracelane::FindingText", "Synchronous memset"),
     QT_TRANSLATE_NOOP("tracelane::FindingText", "Use cudaMemsetAsync on a stream and synchronise only where the result is needed")},
    {"cuda_api_sync", QT_TRANSLATE_NOOP("tracelane::FindingText", "Synchronisation calls"),
     QT_TRANSLATE_NOOP("tracelane::FindingText", "Synchronise less often; wait on events instead (cudaStreamWaitEvent between streams, cudaEventSynchronize for one result) so the host keeps issuing work")},
    {"gpu_gaps", QT_TRANSLATE_NOOP("tracelane::FindingText", "GPU idle gaps"), kIdleGpuFix},
    {"gpu_time_util", QT_TRANSLATE_NOOP("tracelane::FindingText", "Low GPU utilisation over time"), kIdleGpuFix},
    {"dataloader", QT_TRANSLATE_NOOP("tracelane::FindingText", "Data loading in the step"),
     QT_TRANSLATE_NOOP("tracelane::FindingText", "Load data in worker processes: set num_workers on the DataLoader (with pin_memory=True), so the next batches are prepared while the GPU computes")},
    {"communication", QT_TRANSLATE_NOOP("tracelane::FindingText", "Communication in the step"),
     QT_TRANSLATE_NOOP("tracelane::FindingText", "Communicate less or less often: gradient compression (DDP communication hooks), gradient accumulation or a larger batch; both raise the effective batch size, which can hurt convergence (an optimizer such as LAMB helps there)")},
    {"gpu_utilization", QT_TRANSLATE_NOOP("tracelane::FindingText", "Low GPU utilisation"),
     QT_TRANSLATE_NOOP("tracelane::FindingText", "Give the GPU more work per step, e.g. a larger batch size (which can change how fast and how stably the model converges), and remove what keeps it waiting (synchronisations, input loading)")},
    {"tensor_cores", QT_TRANSLATE_NOOP("tracelane::FindingText", "No tensor cores used"),
     QT_TRANSLATE_NOOP("tracelane::FindingText", "Enable automatic mixed precision (torch.autocast with float16 or bfloat16, and a gradient scaler for float16) so matrix multiplications and convolutions run on tensor cores")},
    {"launch_queue_full", QT_TRANSLATE_NOOP("tracelane::FindingText", "Launch queue full"),
     QT_TRANSLATE_NOOP("tracelane::FindingText", "The CPU is far ahead of the GPU, so the GPU is the bottleneck: make the kernels cheaper (fusion, mixed precision, better algorithms) rather than the launches; the blocked CPU time is free for other work")},
    {"short_kernels", QT_TRANSLATE_NOOP("tracelane::FindingText", "Kernels shorter than their launch"),
     QT_TRANSLATE_NOOP("tracelane::FindingText", "Launch fewer, larger kernels: capture the step in a CUDA graph (torch.cuda.CUDAGraph, torch.compile with mode=\"reduce-overhead\") or fuse small operations (torch.compile, fused optimizers)")},
    {"h2d_in_step", QT_TRANSLATE_NOOP("tracelane::FindingText", "Host-to-device copies in the step"),
     QT_TRANSLATE_NOOP("tracelane::FindingText", "Copy the next batch while the current one computes: pinned memory and non_blocking=True on a side stream (or a prefetching DataLoader with pin_memory=True), waiting on an event before use")},
    {"straggler", QT_TRANSLATE_NOOP("tracelane::FindingText", "Straggler rank"),
     QT_TRANSLATE_NOOP("tracelane::FindingText", "Find what only this rank does or waits for: compare its steps with another rank's (tracelane-cli diff), look for uneven data or batch sizes, data loading, a slower GPU or host, and its extra synchronisations")},
};

const RuleText *ruleText(std::string_view rule)
{
    for (const RuleText &text : kRules)
        if (text.rule == rule)
            return &text;
    return nullptr;
}

} // namespace

QString FindingText::title(std::string_view rule)
{
    if (const RuleText *text = ruleText(rule))
        return QCoreApplication::translate("tracelane::FindingText", text->title);
    return QString::fromUtf8(rule.data(), qsizetype(rule.size()));
}

QString FindingText::fix(std::string_view rule, const std::string &fallback)
{
    const RuleText *text = ruleText(rule);
    if (text && text->fix && fallback == text->fix)
        return QCoreApplication::translate("tracelane::FindingText", text->fix);
    // A fix worded differently since: as the core gives it.
    return QString::fromStdString(fallback);
}

QString FindingText::severity(int severity)
{
    switch (severity) {
    case 2: return tr("high");
    case 1: return tr("medium");
    default: return tr("low");
    }
}

} // namespace tracelane
