# Install rules and the Debian package (CPack DEB) of the presisi window: the executable, the .desktop
# entry, the icon (SVG plus PNGs rendered from it at build time) and the AppStream metainfo.
# Included from the top CMakeLists.txt when the GUI is built. README, "Install", says how to use it.
include(GNUInstallDirs)

set(PRESISI_APP_ID io.github.presisi.Presisi)
set(PRESISI_HOMEPAGE "https://github.com/presisi/presisi" CACHE STRING
    "Project homepage (AppStream url, Debian Homepage field)")
# AppStream wants https screenshot URLs: the committed docs/screenshots/ files as served from the
# repository at the release's tag (raw.githubusercontent.com/<owner>/<repo>/<tag>/docs/screenshots).
set(PRESISI_SCREENSHOT_BASE_URL "https://raw.githubusercontent.com/presisi/presisi/v${PROJECT_VERSION}/docs/screenshots"
    CACHE STRING "https folder holding docs/screenshots/*.png for the AppStream metainfo (no trailing slash)")
set(PRESISI_PACKAGE_MAINTAINER "The Presisi developers <presisi@users.noreply.github.com>" CACHE STRING
    "Maintainer field of the Debian package (Name <email>)")
# The hicolor sizes rendered from the SVG (the theme's usual ones; 16 for menus, 512 for software centres).
set(PRESISI_ICON_SIZES 16 22 24 32 48 64 128 256 512)

set(_desktop_dir ${PROJECT_SOURCE_DIR}/resources/desktop)
set(_icon_svg ${_desktop_dir}/${PRESISI_APP_ID}.svg)

# ---- icon PNGs: rendered by Qt's SVG renderer (packaging/render_icon.cpp) -------------------------------
add_executable(presisi_render_icon ${PROJECT_SOURCE_DIR}/packaging/render_icon.cpp)
target_link_libraries(presisi_render_icon PRIVATE Qt6::Gui Qt6::Svg)
set(_icon_dir ${CMAKE_BINARY_DIR}/icons/hicolor)
set(_icon_pngs)
foreach(n IN LISTS PRESISI_ICON_SIZES)
  list(APPEND _icon_pngs ${_icon_dir}/${n}x${n}/apps/${PRESISI_APP_ID}.png)
endforeach()
add_custom_command(OUTPUT ${_icon_pngs}
  # (A sanitizer build's tool must not fail the build over Qt's allocations kept until exit.)
  COMMAND ${CMAKE_COMMAND} -E env QT_QPA_PLATFORM=offscreen ASAN_OPTIONS=detect_leaks=0
          $<TARGET_FILE:presisi_render_icon> ${_icon_svg} ${_icon_dir} ${PRESISI_ICON_SIZES}
  DEPENDS presisi_render_icon ${_icon_svg}
  COMMENT "Rendering the application icon to PNG (${PRESISI_ICON_SIZES})"
  VERBATIM)
add_custom_target(presisi_icons ALL DEPENDS ${_icon_pngs})

configure_file(${_desktop_dir}/${PRESISI_APP_ID}.metainfo.xml.in
               ${CMAKE_BINARY_DIR}/packaging/${PRESISI_APP_ID}.metainfo.xml @ONLY)

# ---- install ----------------------------------------------------------------------------------------
# No RUNPATH in the installed binary: qt_standard_project_setup() adds $ORIGIN/../lib for private
# libraries, of which there are none; every library comes from a Debian package in the system's path.
set_target_properties(presisi PROPERTIES INSTALL_RPATH "")
install(TARGETS presisi RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
# CMake 3.25 rewrites a build RUNPATH holding empty entries ("/usr/local/cuda/lib:::") to "::" instead
# of dropping it: remove whatever is left.
install(CODE "file(RPATH_REMOVE FILE \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/presisi\")")
install(FILES ${_desktop_dir}/${PRESISI_APP_ID}.desktop DESTINATION ${CMAKE_INSTALL_DATADIR}/applications)
install(FILES ${CMAKE_BINARY_DIR}/packaging/${PRESISI_APP_ID}.metainfo.xml DESTINATION ${CMAKE_INSTALL_DATADIR}/metainfo)
install(FILES ${_icon_svg} DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/scalable/apps)
foreach(n IN LISTS PRESISI_ICON_SIZES)
  install(FILES ${_icon_dir}/${n}x${n}/apps/${PRESISI_APP_ID}.png
          DESTINATION ${CMAKE_INSTALL_DATADIR}/icons/hicolor/${n}x${n}/apps)
endforeach()

# ---- Debian package: cpack -G DEB in the build directory -------------------------------------------
# Dependencies come from the binary (dpkg-shlibdeps). The CUDA runtime is linked statically (engine/);
# cuBLAS is never a link-time dependency (Debian 12 has no libcublas package for CUDA 13): every
# build loads it on first use (engine/cuda/cublas_dlopen.h).
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME presisi)
set(CPACK_PACKAGE_VENDOR "The Presisi developers")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_CONTACT "${PRESISI_PACKAGE_MAINTAINER}")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "desktop laboratory for mixed-precision numerics")
# One paragraph per line pair, wrapped for `apt show` (CPack indents each line of the Description).
string(JOIN "\n" CPACK_PACKAGE_DESCRIPTION
  "Presisi runs linear layers and small training loops in float32, bfloat16 and"
  "float16, on the CPU and on a CUDA GPU, side by side, and shows what the formats"
  "do: error and correlation against float32, gradient underflow, the loss"
  "scaler's scale and skipped steps, speed. It is built for teaching mixed"
  "precision and for deciding whether it is safe for a model. English and"
  "Indonesian interface; a command line for every experiment."
  ""
  "The CUDA lanes need the NVIDIA driver and CUDA 13's cuBLAS (libcublas.so.13);"
  "without them Presisi runs on the CPU only.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_MAINTAINER "${PRESISI_PACKAGE_MAINTAINER}")
set(CPACK_DEBIAN_PACKAGE_SECTION science)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "${PRESISI_HOMEPAGE}")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_COMPRESSION_TYPE xz)
include(CPack)
