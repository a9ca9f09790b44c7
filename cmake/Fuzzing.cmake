# Flags of the fuzz build (TRACELANE_FUZZ=ON): clang's libFuzzer with AddressSanitizer
# and UndefinedBehaviorSanitizer. The core gets fuzzer-no-link (coverage feedback
# without libFuzzer's main); each target in tests/fuzz links -fsanitize=fuzzer.
# Every UBSan check aborts, except signed overflow: it stays recoverable so that
# tests/fuzz/ubsan-pending.supp can silence the overflows whose fixes are still
# pending, and so that long runs can log them and go on (docs/FUZZING.md).
if(NOT CMAKE_CXX_COMPILER_ID MATCHES "Clang")
  message(FATAL_ERROR "TRACELANE_FUZZ needs clang with libFuzzer: configure with -DCMAKE_CXX_COMPILER=clang++")
endif()

# -O1 with line tables: reports keep file and line, and the fuzz tree builds in
# about half the time of -O2 -g (the libFuzzer documentation builds at -O1 too).
set(CMAKE_CXX_FLAGS_RELWITHDEBINFO "-O1 -gline-tables-only -DNDEBUG")

set(TRACELANE_SANITIZERS -fsanitize=address,undefined -fno-sanitize-recover=all
    -fsanitize-recover=signed-integer-overflow -fno-omit-frame-pointer)
add_compile_options(-fsanitize=fuzzer-no-link ${TRACELANE_SANITIZERS})
add_link_options(${TRACELANE_SANITIZERS})
