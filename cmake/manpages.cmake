# Manual pages written by help2man from each program's own --help and --version, so the page never
# disagrees with the program. Without help2man (or gzip) a developer still builds, only without pages.
find_program(BOXOFFICE_HELP2MAN help2man)
find_program(BOXOFFICE_GZIP gzip)
if(BOXOFFICE_HELP2MAN AND BOXOFFICE_GZIP)
    set(BOXOFFICE_MANPAGES ON)
else()
    set(BOXOFFICE_MANPAGES OFF)
    message(STATUS "help2man or gzip not found: no manual pages")
endif()

# boxoffice_manpage(<target> <component> <one-line summary>)
# Builds <build>/man/<target>.1.gz and installs it to share/man/man1 in <component>.
function(boxoffice_manpage target component summary)
    if(NOT BOXOFFICE_MANPAGES)
        return()
    endif()
    set(page "${CMAKE_BINARY_DIR}/man/${target}.1")
    # offscreen: the desktop's --help needs no display, but a Qt program never has to guess one here.
    # C.UTF-8: the page does not depend on the builder's language. --version-string: help2man names
    # the page after the first word of --version, and boxoffice-web and boxoffice-ctl answer with
    # the application's name, "boxoffice"; the number is the same BOXOFFICE_VERSION they print.
    # The sed: a "Commands:" list (boxoffice-ctl) is one command a line, which help2man leaves to
    # roff to fill into one paragraph; .br keeps each on its own line.
    # -n: no name or time in the gzip header, so equal pages give equal packages.
    add_custom_command(OUTPUT "${page}.gz"
        COMMAND "${CMAKE_COMMAND}" -E make_directory "${CMAKE_BINARY_DIR}/man"
        COMMAND "${CMAKE_COMMAND}" -E env QT_QPA_PLATFORM=offscreen LC_ALL=C.UTF-8
                "${BOXOFFICE_HELP2MAN}" --no-info --name "${summary}" --version-string "${target} ${PROJECT_VERSION}"
                --output "${page}" "$<TARGET_FILE:${target}>"
        COMMAND sed -i -e "/^\\.SS \"Commands:\"/,/^\\.S[HS] /{" -e "/^[^.]/i .br" -e "}" "${page}"
        COMMAND "${BOXOFFICE_GZIP}" -9nf "${page}"
        DEPENDS ${target}
        COMMENT "Writing the manual page ${target}(1)"
        VERBATIM)
    add_custom_target(${target}_manpage ALL DEPENDS "${page}.gz")
    install(FILES "${page}.gz" DESTINATION share/man/man1 COMPONENT ${component})
endfunction()
