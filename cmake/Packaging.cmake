# Debian packages (issue 18), built by `cmake --build BUILD --target package` or `cpack` in BUILD:
#   boxoffice           component desktop: the desk program, its menu entry, icon and AppStream data;
#   boxoffice-server    component server: boxoffice-web, boxoffice-ctl (and so the worker), their
#                       systemd units, the nginx site and the settings in /etc/boxoffice;
#   boxoffice-fakepay   component fakepay: the fake payment provider, in a package of its own so that
#                       installing the server never puts a provider that approves anything on a host.
# The install(TARGETS) rules in app/*/CMakeLists.txt name the component of each program.

include(${CMAKE_CURRENT_LIST_DIR}/manpages.cmake)

set(BOXOFFICE_DESKTOP_ID org.boxoffice.Desk)
set(BOXOFFICE_PACKAGE_MAINTAINER "Box office maintainers <maintainers@boxoffice.example.org>"
    CACHE STRING "Maintainer of the Debian packages")
# The programs refuse a settings file with secrets that anyone but their own user may read, and libpq
# ignores a password file others may read: these ship 0600 and postinst gives them to boxoffice.
set(BOXOFFICE_SECRET_SETTINGS service.conf pgpass secrets.conf)

boxoffice_manpage(boxoffice desktop "box-office desktop: sell seats at the counter")
boxoffice_manpage(boxoffice-web server "web shop and JSON API of the box office")
boxoffice_manpage(boxoffice-ctl server "set up, script and support the box office, and run its worker")
boxoffice_manpage(boxoffice-fakepay fakepay "fake payment provider for tests and demonstrations")

# Full RELRO (lintian's hardening-no-bindnow): the GOT is read-only before main() runs.
foreach(program boxoffice boxoffice-web boxoffice-ctl boxoffice-fakepay)
    target_link_options(${program} PRIVATE LINKER:-z,now)
endforeach()

# --- desktop --------------------------------------------------------------------------------------
set(_desktop ${PROJECT_SOURCE_DIR}/resources/desktop)
install(FILES ${_desktop}/${BOXOFFICE_DESKTOP_ID}.desktop DESTINATION share/applications COMPONENT desktop)
install(FILES ${_desktop}/${BOXOFFICE_DESKTOP_ID}.metainfo.xml DESTINATION share/metainfo COMPONENT desktop)
install(FILES ${_desktop}/${BOXOFFICE_DESKTOP_ID}.svg DESTINATION share/icons/hicolor/scalable/apps
    COMPONENT desktop)
# The renderings too: menus and docks without an SVG loader still show the ticket. They are made from
# the SVG with `rsvg-convert -w N -h N` (librsvg2-bin) and must be made again when it changes.
foreach(size 16 32 48 64 128 256)
    install(FILES ${_desktop}/${BOXOFFICE_DESKTOP_ID}-${size}.png
        DESTINATION share/icons/hicolor/${size}x${size}/apps RENAME ${BOXOFFICE_DESKTOP_ID}.png COMPONENT desktop)
endforeach()

# --- server ---------------------------------------------------------------------------------------
# /etc and /lib/systemd are absolute: EXCLUDE_FROM_ALL keeps a developer's plain `cmake --install`
# (to /usr/local, say) from writing system files; cpack installs the server component by name.
set(_deploy ${PROJECT_SOURCE_DIR}/deploy)
set(_conffiles)
if(EXISTS ${_deploy}/nginx/boxoffice.conf)
    install(FILES ${_deploy}/nginx/boxoffice.conf DESTINATION /etc/nginx/sites-available RENAME boxoffice
        COMPONENT server EXCLUDE_FROM_ALL)
    list(APPEND _conffiles /etc/nginx/sites-available/boxoffice)
endif()
# The nginx site serves the buyer's page and scripts from here.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/app/web/static/ DESTINATION share/boxoffice/static COMPONENT server)

# Whatever deploy/ holds at configure time; a file added later re-runs the configuration.
file(GLOB _units CONFIGURE_DEPENDS ${_deploy}/systemd/*.service ${_deploy}/systemd/*.socket
    ${_deploy}/systemd/*.timer)
if(_units)
    install(FILES ${_units} DESTINATION /lib/systemd/system COMPONENT server EXCLUDE_FROM_ALL)
endif()
file(GLOB _sysusers CONFIGURE_DEPENDS ${_deploy}/systemd/*.sysusers)
foreach(file IN LISTS _sysusers)
    get_filename_component(stem ${file} NAME_WE)
    install(FILES ${file} DESTINATION lib/sysusers.d RENAME ${stem}.conf COMPONENT server)
endforeach()
file(GLOB _tmpfiles CONFIGURE_DEPENDS ${_deploy}/systemd/*.tmpfiles)
foreach(file IN LISTS _tmpfiles)
    get_filename_component(stem ${file} NAME_WE)
    install(FILES ${file} DESTINATION lib/tmpfiles.d RENAME ${stem}.conf COMPONENT server)
endforeach()
file(GLOB _settings CONFIGURE_DEPENDS ${_deploy}/etc/boxoffice/*)
foreach(file IN LISTS _settings)
    get_filename_component(name ${file} NAME)
    if(IS_DIRECTORY ${file} OR name MATCHES "^\\.|~$")
        continue()
    endif()
    if(name IN_LIST BOXOFFICE_SECRET_SETTINGS)
        set(mode OWNER_READ OWNER_WRITE)
    else()
        set(mode OWNER_READ OWNER_WRITE GROUP_READ WORLD_READ)
    endif()
    install(FILES ${file} DESTINATION /etc/boxoffice PERMISSIONS ${mode} COMPONENT server EXCLUDE_FROM_ALL)
    list(APPEND _conffiles /etc/boxoffice/${name})
endforeach()

# dpkg keeps an administrator's edits to these over upgrades only when they are listed as conffiles;
# CPack does not list /etc files by itself.
set(_control ${CMAKE_BINARY_DIR}/debian)
list(JOIN _conffiles "\n" _conffiles_text)
file(CONFIGURE OUTPUT ${_control}/server/conffiles CONTENT "${_conffiles_text}\n")
# lintian flags files that are not 0644; the secrets are 0600 on purpose (see above).
set(_overrides)
foreach(name IN LISTS BOXOFFICE_SECRET_SETTINGS)
    if(EXISTS ${_deploy}/etc/boxoffice/${name})
        string(APPEND _overrides "boxoffice-server: non-standard-file-perm 0600 != 0644 [etc/boxoffice/${name}]\n")
    endif()
endforeach()
if(_overrides)
    file(CONFIGURE OUTPUT ${_control}/server/lintian-overrides CONTENT "${_overrides}")
    install(FILES ${_control}/server/lintian-overrides DESTINATION share/lintian/overrides RENAME boxoffice-server
        COMPONENT server)
endif()

# --- every package: copyright and changelog -------------------------------------------------------
# Gzipped once at configure time (-n: no name or time in the header); a new entry reconfigures.
set(_changelog ${_deploy}/debian/changelog)
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS ${_changelog})
file(MAKE_DIRECTORY ${_control})
execute_process(COMMAND gzip -9nc ${_changelog} OUTPUT_FILE ${_control}/changelog.gz RESULT_VARIABLE _gzipped)
if(NOT _gzipped EQUAL 0)
    message(FATAL_ERROR "gzip ${_changelog} failed: ${_gzipped}")
endif()
foreach(entry desktop:boxoffice server:boxoffice-server fakepay:boxoffice-fakepay)
    string(REPLACE ":" ";" entry ${entry})
    list(GET entry 0 component)
    list(GET entry 1 package)
    # A native package (version without a Debian revision): lintian wants changelog.gz, not
    # changelog.Debian.gz.
    install(FILES ${_deploy}/debian/copyright ${_control}/changelog.gz DESTINATION share/doc/${package}
        COMPONENT ${component})
endforeach()

# --- CPack ----------------------------------------------------------------------------------------
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME boxoffice)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${BOXOFFICE_PACKAGE_MAINTAINER}")
# The absolute /etc and /lib destinations go into the package, not onto the building machine, when
# cpack installs with DESTDIR; it then takes the prefix from CPACK_INSTALL_PREFIX.
set(CPACK_SET_DESTDIR ON)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEB_COMPONENT_INSTALL ON)
# Anything installed without one of these components (a future install() rule) stays out.
set(CPACK_COMPONENTS_ALL desktop server fakepay)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SOURCE boxoffice)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)

# Qt loads the PostgreSQL driver as a plugin, which dpkg-shlibdeps cannot see; hence libqt6sql6-psql.
set(CPACK_DEBIAN_DESKTOP_PACKAGE_NAME boxoffice)
set(CPACK_DEBIAN_DESKTOP_PACKAGE_SECTION misc)
set(CPACK_DEBIAN_DESKTOP_PACKAGE_DEPENDS "libqt6sql6-psql")
# postgresql: the private cluster on this computer when no server is configured. libqt6svg6: the
# window icon drawn from the SVG at any size. qt6-translations-l10n: Qt's own dialogs translated.
set(CPACK_DEBIAN_DESKTOP_PACKAGE_RECOMMENDS "postgresql, libqt6svg6, qt6-translations-l10n")
set(CPACK_DEBIAN_DESKTOP_DESCRIPTION [=[box-office desktop: sell seats and tickets at the counter
The desk program of a box office that shares one inventory with a hotel's
front desk and a web shop in PostgreSQL. A seat, a general-admission place,
a room-night or a table slot is sold at most once, whoever sells it.

Clerks sign in with their own database login, sell from a live seat map,
watch each hold count down, take cash or card and print PDF tickets with a
QR code. Without a configured server it starts a private PostgreSQL cluster
for the user, with demo venues loaded.
]=])

# postgresql-client: pg_dump, which `boxoffice-ctl db backup` runs. adduser: postinst's fallback
# when systemd-sysusers is missing.
set(CPACK_DEBIAN_SERVER_PACKAGE_NAME boxoffice-server)
set(CPACK_DEBIAN_SERVER_PACKAGE_SECTION web)
set(CPACK_DEBIAN_SERVER_PACKAGE_DEPENDS "libqt6sql6-psql, postgresql-client, adduser")
set(CPACK_DEBIAN_SERVER_PACKAGE_SUGGESTS "nginx, postgresql")
set(CPACK_DEBIAN_SERVER_PACKAGE_CONTROL_EXTRA
    ${_deploy}/debian/server/postinst ${_deploy}/debian/server/prerm ${_deploy}/debian/server/postrm
    ${_control}/server/conffiles)
set(CPACK_DEBIAN_SERVER_DESCRIPTION [=[box-office web shop, command-line tool and worker
The server side of the box office: boxoffice-web serves the buyer's page and
the JSON API, boxoffice-ctl sets up, scripts and supports the database, and
its worker (boxoffice-ctl worker) finishes interrupted checkouts, issues
tickets and sends the confirmation mail.

The package creates the system user boxoffice and ships systemd units for
the web server and the worker, an nginx site and the settings in
/etc/boxoffice. The units are not enabled: fill in /etc/boxoffice first,
then enable boxoffice-web.service and boxoffice-worker.service.
]=])

set(CPACK_DEBIAN_FAKEPAY_PACKAGE_NAME boxoffice-fakepay)
set(CPACK_DEBIAN_FAKEPAY_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_FAKEPAY_DESCRIPTION [=[fake payment provider for box-office tests and demonstrations
An imitation of the card payment provider's API (payment intents, charges,
refunds, payment methods, search) over in-memory state, with signed
webhooks and a control API to make it decline, hang or fail on purpose.

For tests and demonstrations only: it approves whatever it is told to and
must never take the real provider's place on a production server.
]=])

include(CPack)
