#pragma once
// The precompiled header's first part in targets that use QCustomPlot
// (cmake/PrecompiledHeaders.cmake): qcustomplot.h needs Qt's `foreach`, so it
// comes before every other Qt header; then `foreach` is off again, so the
// project's own code still cannot use it (QT_NO_FOREACH).
#include "qcustomplot_include.h"

#undef foreach
#ifndef QT_NO_FOREACH
#define QT_NO_FOREACH
#endif
