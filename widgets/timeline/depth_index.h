#pragma once
// The per-depth index moved to the core, where the window summary shares it
// with the timeline.

#include "model/depth_index.h"
