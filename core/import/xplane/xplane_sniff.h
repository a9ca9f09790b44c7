#pragma once
// XSpace (`*.xplane.pb`) has no magic number: it is a protobuf message whose
// first field is normally its first XPlane (field 1, length-delimited), and a
// plane's name (field 2) comes right after its id. Detection decodes just that
// much of the head and wants a plane name of the profiler's own vocabulary
// ("/host:CPU", "/device:GPU:0", "Task Environment"), so random binary data and
// other protobufs are not claimed.

#include <string_view>

namespace tracelane::xplane {

bool looksLikeXSpace(std::string_view head);

} // namespace tracelane::xplane
