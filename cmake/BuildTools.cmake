# Faster builds with the tools that are there; none is required.
#  - ccache (when installed): a rebuild of unchanged files, after a clean or in a
#    second checkout, comes from its cache. -DTRACELANE_CCACHE=OFF turns it off.
#  - mold, else lld (when installed and the compiler takes -fuse-ld=): links in
#    a fraction of GNU ld's time, which the many test and tool programs pay.
include(CheckLinkerFlag)

option(TRACELANE_CCACHE "Compile through ccache when it is installed" ON)
if(TRACELANE_CCACHE AND NOT CMAKE_CXX_COMPILER_LAUNCHER)
  find_program(TRACELANE_CCACHE_PROGRAM ccache)
  if(TRACELANE_CCACHE_PROGRAM)
    # Precompiled headers need the sloppiness: ccache otherwise declines every
    # file that uses one. Paths count relative to the checkout and the working
    # directory is not hashed, so a second clone (a CI run, a worktree) hits the
    # objects of the first; its line tables then name the first clone's folder.
    set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_COMMAND} -E env
        CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
        CCACHE_BASEDIR=${PROJECT_SOURCE_DIR} CCACHE_NOHASHDIR=1
        ${TRACELANE_CCACHE_PROGRAM})
    message(STATUS "Compiling through ${TRACELANE_CCACHE_PROGRAM}")
  endif()
endif()

set(TRACELANE_LINKER "" CACHE STRING "Linker for -fuse-ld= (empty: mold, else lld, else the default)")
if(NOT TRACELANE_LINKER)
  foreach(candidate mold lld)
    check_linker_flag(CXX -fuse-ld=${candidate} TRACELANE_HAS_LINKER_${candidate})
    if(TRACELANE_HAS_LINKER_${candidate})
      set(TRACELANE_LINKER ${candidate})
      break()
    endif()
  endforeach()
endif()
if(TRACELANE_LINKER)
  add_link_options(-fuse-ld=${TRACELANE_LINKER})
  message(STATUS "Linking with ${TRACELANE_LINKER}")
endif()

# Files of one target compiled in batches (TRACELANE_UNITY): every file-local
# name in such a target must be unique across its files.
function(tracelane_unity_build target)
  if(TRACELANE_UNITY)
    set_target_properties(${target} PROPERTIES UNITY_BUILD ON UNITY_BUILD_BATCH_SIZE 8)
  endif()
endfunction()
