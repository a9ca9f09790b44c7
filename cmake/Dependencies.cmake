# Debian 12 packages only; see docs/BUILDING.md for the apt line.
# The fuzz build (TRACELANE_FUZZ) compiles the core alone and needs no Qt.
if(NOT TRACELANE_FUZZ)
  find_package(Qt6 6.4 REQUIRED COMPONENTS Core Gui Widgets PrintSupport Svg Concurrent Test LinguistTools)
  qt_standard_project_setup()

  # Must come after Qt6: the config does not find its own dependencies.
  # Never find_package(QCustomPlot): that is Debian's Qt5 build.
  find_package(QCustomPlotQt6 QUIET)
  if(NOT TARGET QCustomPlotQt6::QCustomPlotQt6)
    find_path(QCUSTOMPLOT_INCLUDE_DIR qcustomplot.h REQUIRED)
    find_library(QCUSTOMPLOT_LIBRARY NAMES QCustomPlotQt6 REQUIRED)
    add_library(QCustomPlotQt6::QCustomPlotQt6 UNKNOWN IMPORTED)
    set_target_properties(QCustomPlotQt6::QCustomPlotQt6 PROPERTIES
      IMPORTED_LOCATION "${QCUSTOMPLOT_LIBRARY}"
      INTERFACE_INCLUDE_DIRECTORIES "${QCUSTOMPLOT_INCLUDE_DIR}"
      INTERFACE_COMPILE_DEFINITIONS QCUSTOMPLOT_USE_LIBRARY
      INTERFACE_LINK_LIBRARIES "Qt6::Widgets;Qt6::PrintSupport")
  endif()
endif()

find_package(nlohmann_json 3.10 REQUIRED)
find_package(SQLite3 REQUIRED)
if(NOT TARGET SQLite3::SQLite3)   # CMake < 4.3 only defines SQLite::SQLite3
  add_library(SQLite3::SQLite3 ALIAS SQLite::SQLite3)
endif()
find_package(ZLIB REQUIRED)
find_package(simdjson 3.0 REQUIRED) # the Chrome-trace event parser
# ISA-L inflates .json.gz (Debian's libisal-dev ships no CMake or pkg-config file).
find_path(ISAL_INCLUDE_DIR isa-l/igzip_lib.h REQUIRED)
find_library(ISAL_LIBRARY isal REQUIRED)
add_library(isal::isal UNKNOWN IMPORTED)
set_target_properties(isal::isal PROPERTIES IMPORTED_LOCATION ${ISAL_LIBRARY}
                      INTERFACE_INCLUDE_DIRECTORIES ${ISAL_INCLUDE_DIR})
find_package(Threads REQUIRED)
