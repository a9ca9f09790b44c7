# TRACELANE_SANITIZE=ON builds everything (core, widgets, apps, tests, benchmarks)
# with AddressSanitizer and UndefinedBehaviorSanitizer; the `asan` preset turns it on.
# Undefined behaviour aborts instead of printing and going on, so a test that
# triggers it fails (-fno-sanitize-recover). Third-party libraries (Qt, SQLite,
# zlib) are not instrumented; their allocations are still checked by ASan.
option(TRACELANE_SANITIZE "Build with AddressSanitizer and UndefinedBehaviorSanitizer" OFF)
if(TRACELANE_SANITIZE)
  set(_tracelane_sanitizers -fsanitize=address,undefined -fno-sanitize-recover=undefined)
  add_compile_options(${_tracelane_sanitizers} -fno-omit-frame-pointer)
  add_link_options(${_tracelane_sanitizers})
endif()
