# Install tests (label "install"): `cmake --install` into a temporary DESTDIR holds exactly the expected
# files (packaging/check_install_tree.cmake), and the installed .desktop entry and AppStream metainfo pass
# Debian's validators (desktop-file-utils, appstream; scripts/install-deps.sh installs them).
# In a CUDA build, tst_cublas_loader checks the run-time cuBLAS loader (engine/cuda/cublas_dlopen.h).
if(TARGET presisi AND DEFINED PRESISI_APP_ID)
  set(_dest ${CMAKE_BINARY_DIR}/install-test-root)
  set(_no_cuda_libs OFF)
  if(PRESISI_HAVE_CUDA)
    set(_no_cuda_libs ON)
  endif()
  string(REPLACE ";" "\\;" _sizes "${PRESISI_ICON_SIZES}")
  add_test(NAME install_tree
           COMMAND ${CMAKE_COMMAND} -DBUILD_DIR=${CMAKE_BINARY_DIR} -DDEST=${_dest} -DAPP_ID=${PRESISI_APP_ID}
                   -DICON_SIZES=${_sizes} -DCHECK_NO_CUDA_LIBS=${_no_cuda_libs}
                   -P ${PROJECT_SOURCE_DIR}/packaging/check_install_tree.cmake)
  set_tests_properties(install_tree PROPERTIES LABELS install FIXTURES_SETUP presisi_installed TIMEOUT 120)

  # A validator that is missing fails its test with the package to install, rather than skipping.
  find_program(PRESISI_DESKTOP_FILE_VALIDATE desktop-file-validate)
  find_program(PRESISI_APPSTREAMCLI appstreamcli)
  set(_desktop ${_dest}/usr/share/applications/${PRESISI_APP_ID}.desktop)
  set(_metainfo ${_dest}/usr/share/metainfo/${PRESISI_APP_ID}.metainfo.xml)
  if(PRESISI_DESKTOP_FILE_VALIDATE)
    # desktop-file-validate exits 0 on hints; errors and warnings make it fail (--warn-kde: KDE's keys too).
    add_test(NAME install_desktop_file COMMAND ${PRESISI_DESKTOP_FILE_VALIDATE} --warn-kde ${_desktop})
    set_tests_properties(install_desktop_file PROPERTIES FAIL_REGULAR_EXPRESSION "error:|warning:")
  else()
    add_test(NAME install_desktop_file COMMAND ${CMAKE_COMMAND} -E false)
    message(STATUS "Presisi: desktop-file-validate not found (apt-get install desktop-file-utils); install_desktop_file will fail")
  endif()
  if(PRESISI_APPSTREAMCLI)
    # --strict: infos fail too (an http screenshot URL is only an info); pedantic hints stay (README).
    add_test(NAME install_metainfo COMMAND ${PRESISI_APPSTREAMCLI} validate --no-net --strict --explain ${_metainfo})
  else()
    add_test(NAME install_metainfo COMMAND ${CMAKE_COMMAND} -E false)
    message(STATUS "Presisi: appstreamcli not found (apt-get install appstream); install_metainfo will fail")
  endif()
  set_tests_properties(install_desktop_file install_metainfo PROPERTIES
                       LABELS install FIXTURES_REQUIRED presisi_installed TIMEOUT 60)
endif()

if(PRESISI_HAVE_CUDA)
  presisi_add_test(tst_cublas_loader SOURCES tst_cublas_loader.cpp LABELS install TIMEOUT 60)
  # The same suite where the library cannot be found: every forwarder answers NOT_INITIALIZED.
  add_test(NAME tst_cublas_loader_absent COMMAND tst_cublas_loader forwardersReachTheLibrary)
  set_tests_properties(tst_cublas_loader_absent PROPERTIES LABELS install TIMEOUT 60
                       ENVIRONMENT "QT_QPA_PLATFORM=offscreen;PRESISI_CUBLAS_LIBRARY=/nonexistent/libcublas.so")
endif()
