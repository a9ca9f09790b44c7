#pragma once
// An event's arguments as one JSON object, keys in the file's order:
//   {"External id":12,"Input Dims":[[64,3]],"name":"aten::mm","ok":true}
// Integers and booleans as such, doubles in their shortest exact form (NaN and
// infinities as null), strings quoted, JSON values (arrays, objects) as stored.

#include "model/trace.h"

#include <string>

namespace tracelane {

void appendArgsJson(std::string &out, const Trace &trace, const Track &track, const Event &event);

} // namespace tracelane
