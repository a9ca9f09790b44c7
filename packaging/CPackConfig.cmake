# `cpack -G DEB` in the build directory. Depends are written out rather than
# computed by dpkg-shlibdeps: Qt's plugins (SVG icons) and QCustomPlot are
# needed at run time but not all of them are visible to the linker.
set(CPACK_PACKAGE_NAME "tracelane")
set(CPACK_PACKAGE_VENDOR "The Tracelane developers")
set(CPACK_PACKAGE_CONTACT "The Tracelane developers")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "${PROJECT_DESCRIPTION}")
string(CONCAT CPACK_PACKAGE_DESCRIPTION
    "Tracelane shows PyTorch profiler traces and Nsight Systems exports as zoomable swimlanes of\n"
    "CPU threads, NVTX ranges, CUDA API calls and GPU streams. tracelane-cli prints the same\n"
    "summaries as nsys stats as tables, CSV or JSON.")
set(CPACK_PACKAGE_INSTALL_DIRECTORY "Tracelane")
set(CPACK_STRIP_FILES ON)
set(CPACK_SOURCE_IGNORE_FILES "/\\\\.git/" "/build.*/")

set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION "devel")
set(CPACK_DEBIAN_PACKAGE_PRIORITY "optional")
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "libqt6core6 (>= 6.4), libqt6gui6 (>= 6.4), libqt6widgets6 (>= 6.4), libqt6printsupport6 (>= 6.4), \
libqt6svg6 (>= 6.4), libqt6concurrent6 (>= 6.4), libqcustomplot2.1-qt6, libsqlite3-0, libsimdjson14, libisal2, zlib1g, \
libstdc++6 (>= 12), libc6")
# libqt6gui6 carries the X11 (xcb) platform plugin; Wayland sessions want this one.
# Qt's own strings (file dialogs, OK/Cancel) in the chosen language come from
# qt6-translations-l10n: recommended, so apt installs it, but Tracelane runs
# (with English Qt buttons) without it.
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "qt6-wayland, qt6-translations-l10n")
# A font for the Chinese translation.
set(CPACK_DEBIAN_PACKAGE_SUGGESTS "fonts-noto-cjk")
include(CPack)
