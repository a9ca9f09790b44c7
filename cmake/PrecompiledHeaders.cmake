# Precompiled headers: the third-party headers that nearly every file of a
# target parses (the standard library, Qt, QCustomPlot, nlohmann_json),
# compiled once per target instead of once per file. Project headers stay out,
# so editing one still recompiles only the files that include it.
# -DTRACELANE_PCH=OFF builds without them (each file must still include what it uses).
option(TRACELANE_PCH "Precompile the third-party headers of each target" ON)

set(TRACELANE_PCH_STD
  <algorithm> <array> <cmath> <cstdint> <cstring> <functional> <limits> <map> <memory>
  <optional> <string> <string_view> <tuple> <unordered_map> <utility> <vector>)

# tracelane_core and the plain C++ programs.
function(tracelane_core_precompiled_headers target)
  if(TRACELANE_PCH)
    target_precompile_headers(${target} PRIVATE ${TRACELANE_PCH_STD})
  endif()
endfunction()

# Qt targets: QtCore always; QtGui and QtWidgets, QCustomPlot and QtTest where
# the target links them.
function(tracelane_qt_precompiled_headers target)
  if(NOT TRACELANE_PCH)
    return()
  endif()
  cmake_parse_arguments(arg "WIDGETS;QCUSTOMPLOT;TEST" "" "" ${ARGN})
  set(headers ${TRACELANE_PCH_STD} <QtCore/QtCore>)
  if(arg_QCUSTOMPLOT)
    # First: it needs Qt's foreach, which the first Qt header decides.
    list(PREPEND headers "${PROJECT_SOURCE_DIR}/widgets/charts/qcustomplot_precompiled.h")
  endif()
  if(arg_WIDGETS)
    list(APPEND headers <QtGui/QtGui> <QtWidgets/QtWidgets>)
  endif()
  if(arg_TEST)
    list(APPEND headers <QtTest/QtTest>)
  endif()
  target_precompile_headers(${target} PRIVATE ${headers})
endfunction()
