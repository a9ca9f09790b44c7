#pragma once
// The XSpace protobuf of the JAX / TensorFlow / PyTorch-XLA profiler
// (`*.xplane.pb`, in TensorBoard's plugins/profile/<run>/ folders), gzipped or
// not. Recognised by content: the first XPlane's name (xplane_sniff.h). What
// lands where: xplane_reader.h; docs/INPUT_XPLANE.md.

#include "import/importer.h"

#include <cstdint>

namespace tracelane {

class XplaneImporter : public Importer
{
public:
    // The file is decoded whole in memory (its strings stay views into it).
    static constexpr std::uint64_t kMaxBytes = std::uint64_t(4) << 30;

    std::string_view id() const override { return "xplane"; }
    std::string_view displayName() const override { return "XSpace profile (JAX / TensorFlow / XLA, .xplane.pb)"; }
    int sniff(const ContentProbe &probe) const override;
    void import(const ContentProbe &probe, TraceBuilder &builder, ImportControl &control) const override;
};

} // namespace tracelane
