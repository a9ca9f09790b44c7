# TRACELANE_SANITIZE=ON builds everything (core, widgets, apps, tests, benchmarks)
# with AddressSanitizer and UndefinedBehaviorSanitizer; the `asan` preset turns it on.
# Undefined behaviour aborts instead of printing and going on, so a test that
# triggers it fails (-fno-sanitize-recover). Third-party libraries (Qt, SQLite,
# zlib) are not instrumented; their allocations are still checked by ASan.
option(TRACELANE_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
if(TRACELANE_SANITIZE)
  set(_tracelane_sanitizers -fsanitize=address,undefined -fno-sanitize-recover=undefined)
  add_compile_options(${_tracelane_sanitizers} -fno-omit-frame-pointer)
  # GCC 12's -Wmaybe-uninitialized misfires inside <regex> and <functional> once
  # ASan instruments them (GCC bug 105562); the dev preset still checks it.
  if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU")
    add_compile_options(-Wno-maybe-uninitialized)
  endif()
  add_link_options(${_tracelane_sanitizers})
endif()
