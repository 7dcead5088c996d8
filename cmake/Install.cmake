# Installation (`cmake --install build --prefix P`), the CMake package (find_package(rmarace)) and
# the Debian package (`cpack -G DEB`, target `package`); see docs/install.md.
#
# The installed tree is relocatable: every script finds what it needs relative to its own real
# location, and the front ends find the runtime library through $ORIGIN.
#   bin/                     rmarace-cc, rmarace-c++, rmarace-run, rmarace-bench, rmarace-report,
#                            shmem-mpi-cc,
#                            shmem-mpi-run (shmemcc and shmemrun of the build tree), gaspicc,
#                            gaspirun
#   lib/rmarace/             the runtime, the front ends, the pass plugin, libshmem-mpi, libGPI2
#   lib/rmarace/python/      the compiler driver (rmarace_driver)
#   lib/cmake/rmarace/       rmaraceConfig.cmake, rmaraceConfigVersion.cmake
#   include/rmarace/         rmarace.h (annotations); shmem-mpi/ and gaspi-mpi/: the bundled headers
#   share/rmarace/bench/     the scorer's modules
#   share/rmarace/rmarace_report/  the report writer's modules, template and SARIF schema
#   share/doc/rmarace/       README, docs, examples
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

# Private directories, fixed relative to the prefix (the scripts locate them from bin/).
set(RMARACE_INSTALL_LIBDIR lib/rmarace)
set(RMARACE_INSTALL_PYTHONDIR ${RMARACE_INSTALL_LIBDIR}/python)
set(RMARACE_INSTALL_CMAKEDIR lib/cmake/rmarace)
set(RMARACE_INSTALL_SHMEM_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/rmarace/shmem-mpi)
set(RMARACE_INSTALL_GASPI_INCLUDEDIR ${CMAKE_INSTALL_INCLUDEDIR}/rmarace/gaspi-mpi)
set(RMARACE_INSTALL_DOCDIR ${CMAKE_INSTALL_DATAROOTDIR}/doc/rmarace)

# ---- libraries ----------------------------------------------------------------------------------
set(rmarace_installed_libraries rmarace_runtime RmaracePass)
foreach(target rmarace-openmpi rmarace-mpich rmarace-shmem rmarace-gaspi rmarace-threads
               shmem-mpi GPI2)
  if(TARGET ${target})
    list(APPEND rmarace_installed_libraries ${target})
  endif()
endforeach()
install(TARGETS ${rmarace_installed_libraries}
        LIBRARY DESTINATION ${RMARACE_INSTALL_LIBDIR} COMPONENT runtime)

# ---- headers -------------------------------------------------------------------------------------
# Only the annotations: include/rmarace/runtime is the front ends' internal C++ API.
install(FILES ${PROJECT_SOURCE_DIR}/runtime/include/rmarace/rmarace.h
        DESTINATION ${CMAKE_INSTALL_INCLUDEDIR}/rmarace COMPONENT runtime)
if(TARGET shmem-mpi)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/shmem-mpi/include/
          DESTINATION ${RMARACE_INSTALL_SHMEM_INCLUDEDIR} COMPONENT runtime)
endif()
if(TARGET GPI2)
  install(DIRECTORY ${PROJECT_SOURCE_DIR}/gaspi-mpi/include/
          DESTINATION ${RMARACE_INSTALL_GASPI_INCLUDEDIR} COMPONENT runtime)
endif()

# ---- scripts ------------------------------------------------------------------------------------
# The build tree's copies carry paths relative to build/bin; the installed copies are configured
# again, into a staging directory, with paths relative to <prefix>/bin.
set(rmarace_staging ${PROJECT_BINARY_DIR}/install-staging/bin)
function(rmarace_relative variable destination)
  file(RELATIVE_PATH path /prefix/${CMAKE_INSTALL_BINDIR} /prefix/${destination})
  set(${variable} ${path} PARENT_SCOPE)
endfunction()
set(rmarace_executable_permissions OWNER_READ OWNER_WRITE OWNER_EXECUTE GROUP_READ GROUP_EXECUTE
                                   WORLD_READ WORLD_EXECUTE)

rmarace_relative(RMARACE_DRIVER_DIR ${RMARACE_INSTALL_PYTHONDIR})
rmarace_relative(RMARACE_LIB_DIR ${RMARACE_INSTALL_LIBDIR})
rmarace_relative(RMARACE_INCLUDE_DIR ${CMAKE_INSTALL_INCLUDEDIR})
rmarace_relative(RMARACE_SHMEM_INCLUDE_DIR ${RMARACE_INSTALL_SHMEM_INCLUDEDIR})
rmarace_relative(RMARACE_GASPI_INCLUDE_DIR ${RMARACE_INSTALL_GASPI_INCLUDEDIR})
set(rmarace_scripts ${rmarace_staging}/rmarace-cc ${rmarace_staging}/rmarace-c++)
foreach(wrapper rmarace-cc rmarace-c++)
  configure_file(${PROJECT_SOURCE_DIR}/tools/${wrapper} ${rmarace_staging}/${wrapper} @ONLY
                 FILE_PERMISSIONS ${rmarace_executable_permissions})
endforeach()
# The bundled libraries' compiler scripts: relative directories are resolved against the script's
# own directory. shmemcc and shmemrun are installed as shmem-mpi-cc and shmem-mpi-run: Open MPI's
# openmpi-bin has a shmemcc and a shmemrun (for its own OpenSHMEM) in /usr/bin.
if(TARGET shmem-mpi)
  rmarace_relative(SHMEM_MPI_INCLUDE_DIR ${RMARACE_INSTALL_SHMEM_INCLUDEDIR})
  rmarace_relative(SHMEM_MPI_LIB_DIR ${RMARACE_INSTALL_LIBDIR})
  foreach(script cc run)
    configure_file(${PROJECT_SOURCE_DIR}/shmem-mpi/bin/shmem${script}.in
                   ${rmarace_staging}/shmem-mpi-${script} @ONLY
                   FILE_PERMISSIONS ${rmarace_executable_permissions})
    list(APPEND rmarace_scripts ${rmarace_staging}/shmem-mpi-${script})
  endforeach()
endif()
if(TARGET GPI2)
  rmarace_relative(GASPI_MPI_INCLUDE_DIR ${RMARACE_INSTALL_GASPI_INCLUDEDIR})
  rmarace_relative(GASPI_MPI_LIB_DIR ${RMARACE_INSTALL_LIBDIR})
  foreach(script gaspicc gaspirun)
    configure_file(${PROJECT_SOURCE_DIR}/gaspi-mpi/bin/${script}.in ${rmarace_staging}/${script}
                   @ONLY FILE_PERMISSIONS ${rmarace_executable_permissions})
    list(APPEND rmarace_scripts ${rmarace_staging}/${script})
  endforeach()
endif()
install(PROGRAMS ${rmarace_scripts} ${PROJECT_SOURCE_DIR}/tools/rmarace-run
                 ${PROJECT_SOURCE_DIR}/tools/rmarace-bench ${PROJECT_SOURCE_DIR}/tools/rmarace-report
        DESTINATION ${CMAKE_INSTALL_BINDIR} COMPONENT runtime)

# ---- Python modules ------------------------------------------------------------------------------
install(DIRECTORY ${PROJECT_SOURCE_DIR}/instrument/driver/rmarace_driver
        DESTINATION ${RMARACE_INSTALL_PYTHONDIR} COMPONENT runtime
        FILES_MATCHING PATTERN "*.py" PATTERN "__pycache__" EXCLUDE)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/tools/bench
        DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/rmarace COMPONENT runtime
        FILES_MATCHING PATTERN "*.py" PATTERN "__pycache__" EXCLUDE)
# The report writer's modules, its page template and the SARIF schema.
install(DIRECTORY ${PROJECT_SOURCE_DIR}/tools/report/rmarace_report
        DESTINATION ${CMAKE_INSTALL_DATAROOTDIR}/rmarace COMPONENT runtime
        FILES_MATCHING PATTERN "*.py" PATTERN "*.j2" PATTERN "*.json" PATTERN "__pycache__" EXCLUDE)

# ---- documentation ------------------------------------------------------------------------------
install(FILES ${PROJECT_SOURCE_DIR}/README.md DESTINATION ${RMARACE_INSTALL_DOCDIR}
        COMPONENT runtime)
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${RMARACE_INSTALL_DOCDIR}
        COMPONENT runtime FILES_MATCHING PATTERN "*.md")
install(FILES ${PROJECT_SOURCE_DIR}/examples/race_example.c
              ${PROJECT_SOURCE_DIR}/examples/shmem_race_example.c
              ${PROJECT_SOURCE_DIR}/examples/gaspi_race_example.c
        DESTINATION ${RMARACE_INSTALL_DOCDIR}/examples COMPONENT runtime)

# ---- CMake package ------------------------------------------------------------------------------
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/rmaraceConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/install-staging/rmaraceConfig.cmake
                              INSTALL_DESTINATION ${RMARACE_INSTALL_CMAKEDIR}
                              PATH_VARS CMAKE_INSTALL_BINDIR CMAKE_INSTALL_INCLUDEDIR
                                        RMARACE_INSTALL_LIBDIR)
write_basic_package_version_file(${PROJECT_BINARY_DIR}/install-staging/rmaraceConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/install-staging/rmaraceConfig.cmake
              ${PROJECT_BINARY_DIR}/install-staging/rmaraceConfigVersion.cmake
        DESTINATION ${RMARACE_INSTALL_CMAKEDIR} COMPONENT runtime)

# ---- Debian package -----------------------------------------------------------------------------
# Depends: what the wrappers run (python3, clang-14 through Open MPI's mpicc, the LLVM tools of
# llvm-14) and what rmarace-run starts (openmpi-bin); the shared libraries the installed
# libraries link (libmpi, libmpich, libLLVM, libstdc++) are added by dpkg-shlibdeps.
set(CPACK_PACKAGE_NAME rmarace)
set(CPACK_PACKAGE_VENDOR rmarace)
set(CPACK_PACKAGE_CONTACT "rmarace developers <rmarace@localhost>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY
    "data race detector for MPI RMA, OpenSHMEM and GASPI programs")
set(CPACK_PACKAGE_DESCRIPTION
    "rmarace finds data races in remote memory access programs while they run. It provides the compiler wrappers rmarace-cc and rmarace-c++ (clang 14 with an instrumentation pass), the launcher rmarace-run, the runtime libraries, and the bundled OpenSHMEM (shmem-mpi) and GASPI (gaspi-mpi) libraries.")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_STRIP_FILES ON)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_SECTION devel)
set(CPACK_DEBIAN_PACKAGE_DEPENDS
    "python3, python3-jinja2, clang-14, llvm-14, openmpi-bin, libopenmpi-dev, binutils")
set(CPACK_DEBIAN_PACKAGE_RECOMMENDS "mpich, libmpich-dev, libomp-14-dev")
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS_PRIVATE_DIRS ${PROJECT_BINARY_DIR}/lib)
set(CPACK_DEBIAN_COMPRESSION_TYPE gzip)
include(CPack)
