# Applied per target so that third-party headers are not affected.
function(tracelane_set_warnings target)
  target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic)
  if(TRACELANE_WERROR)
    target_compile_options(${target} PRIVATE -Werror)
  endif()
endfunction()

# Qt targets: keep string conversions explicit, as in the rest of the code.
function(tracelane_qt_defaults target)
  tracelane_set_warnings(${target})
  target_compile_definitions(${target} PRIVATE QT_NO_CAST_FROM_ASCII QT_NO_CAST_TO_ASCII
                             QT_NO_URL_CAST_FROM_STRING QT_USE_QSTRINGBUILDER QT_NO_FOREACH)
endfunction()
