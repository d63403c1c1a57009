# Test script (cmake -P): installs a build into a fresh DESTDIR with `cmake --install --prefix /usr` and
# fails unless the tree holds exactly the expected files; with CHECK_NO_CUDA_LIBS the installed binary
# must not need the toolkit's shared libraries (libcublas, libcublasLt, libcudart) nor carry a RUNPATH.
# -DBUILD_DIR=... -DDEST=... -DAPP_ID=... -DICON_SIZES="16;22;..." [-DCHECK_NO_CUDA_LIBS=ON]
cmake_minimum_required(VERSION 3.25)
foreach(v BUILD_DIR DEST APP_ID ICON_SIZES)
  if(NOT DEFINED ${v})
    message(FATAL_ERROR "check_install_tree.cmake: -D${v}=... missing")
  endif()
endforeach()

file(REMOVE_RECURSE ${DEST})
execute_process(COMMAND ${CMAKE_COMMAND} -E env DESTDIR=${DEST} ${CMAKE_COMMAND} --install ${BUILD_DIR} --prefix /usr
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "cmake --install failed (${rc}):\n${out}${err}")
endif()

# The whole installed tree, relative to DESTDIR.
set(expected
  usr/bin/presisi
  usr/share/applications/${APP_ID}.desktop
  usr/share/metainfo/${APP_ID}.metainfo.xml
  usr/share/icons/hicolor/scalable/apps/${APP_ID}.svg)
foreach(n IN LISTS ICON_SIZES)
  list(APPEND expected usr/share/icons/hicolor/${n}x${n}/apps/${APP_ID}.png)
endforeach()

file(GLOB_RECURSE found LIST_DIRECTORIES false RELATIVE ${DEST} ${DEST}/*)
set(missing ${expected})
list(REMOVE_ITEM missing ${found})
set(extra ${found})
list(REMOVE_ITEM extra ${expected})
if(missing OR extra)
  list(JOIN missing "\n  " m)
  list(JOIN extra "\n  " x)
  message(FATAL_ERROR "installed tree differs from the expected one\nmissing:\n  ${m}\nunexpected:\n  ${x}")
endif()

# Each PNG is a square image of its directory's size (PNG header: width and height, big-endian, at 16..23).
foreach(n IN LISTS ICON_SIZES)
  file(READ ${DEST}/usr/share/icons/hicolor/${n}x${n}/apps/${APP_ID}.png head LIMIT 24 HEX)
  string(SUBSTRING "${head}" 32 8 w)
  string(SUBSTRING "${head}" 40 8 h)
  math(EXPR wi "0x${w}")
  math(EXPR hi "0x${h}")
  if(NOT wi EQUAL n OR NOT hi EQUAL n)
    message(FATAL_ERROR "icon ${n}x${n} is ${wi}x${hi}")
  endif()
endforeach()

# What the validators do not cross-check: the metainfo launches the installed .desktop file, which starts
# the installed binary and names the installed icon.
file(READ ${DEST}/usr/share/metainfo/${APP_ID}.metainfo.xml meta)
file(STRINGS ${DEST}/usr/share/applications/${APP_ID}.desktop desktop)
string(FIND "${meta}" "<launchable type=\"desktop-id\">${APP_ID}.desktop</launchable>" launchable)
string(FIND "${meta}" "<binary>presisi</binary>" binary)
if(launchable EQUAL -1 OR binary EQUAL -1)
  message(FATAL_ERROR "the metainfo's launchable or provided binary is not ${APP_ID}.desktop / presisi")
endif()
if(NOT "Icon=${APP_ID}" IN_LIST desktop OR NOT "Exec=presisi" IN_LIST desktop)
  message(FATAL_ERROR "the .desktop file's Icon= or Exec= does not name the installed icon ${APP_ID} / bin/presisi")
endif()

if(CHECK_NO_CUDA_LIBS)
  find_program(READELF readelf REQUIRED)
  execute_process(COMMAND ${READELF} -d ${DEST}/usr/bin/presisi OUTPUT_VARIABLE dyn RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "readelf -d failed on the installed presisi")
  endif()
  string(REGEX MATCHALL "\\(NEEDED\\)[^\n]*\\[(libcublas|libcublasLt|libcudart|libcuda)\\.so[^]]*\\]" cuda "${dyn}")
  string(REGEX MATCH "\\((RPATH|RUNPATH)\\)[^\n]*" rpath "${dyn}")
  if(cuda OR rpath)
    message(FATAL_ERROR "the installed presisi needs the CUDA toolkit at run time: ${cuda} ${rpath}")
  endif()
endif()
list(LENGTH expected count)
message(STATUS "install tree: the ${count} expected files, nothing else")
