include(${PROJECT_SOURCE_DIR}/cmake/ConformanceTests.cmake)
rmarace_conformance_tests(gaspi-mpi ${CMAKE_CURRENT_SOURCE_DIR}/tests GPI2 ${PROJECT_BINARY_DIR}/bin/gaspirun)

# The headers compile warning-free as C11 and as C++17 (-pedantic, with <mpi.h>); building
# gaspi-mpi-tests checks it.
add_library(gaspi-mpi-header-check OBJECT ${CMAKE_CURRENT_SOURCE_DIR}/tests/headers/c11.c
                                          ${CMAKE_CURRENT_SOURCE_DIR}/tests/headers/cxx17.cpp)
target_include_directories(gaspi-mpi-header-check PRIVATE ${GASPI_MPI_INCLUDE_DIR})
target_include_directories(gaspi-mpi-header-check SYSTEM PRIVATE ${gaspi_mpi_mpi_INCLUDES})
target_compile_options(gaspi-mpi-header-check PRIVATE -Wall -Wextra -Werror -pedantic
                                                      -Wunused-const-variable)
target_compile_definitions(gaspi-mpi-header-check PRIVATE OMPI_SKIP_MPICXX=1)
set_target_properties(gaspi-mpi-header-check PROPERTIES C_STANDARD 11 C_EXTENSIONS OFF
                                                        CXX_STANDARD 17 CXX_EXTENSIONS OFF)
add_dependencies(gaspi-mpi-tests gaspi-mpi-header-check)

# gaspicc and gaspirun themselves: a small GPI-2 program built with gaspicc and run with gaspirun
# (the headers' C++ side is checked by gaspi-mpi-header-check).
add_test(NAME gaspi-mpi-scripts
         COMMAND ${CMAKE_CURRENT_SOURCE_DIR}/tests/scripts/run_scripts.sh ${PROJECT_BINARY_DIR}/bin
                 ${CMAKE_CURRENT_SOURCE_DIR}/tests/scripts/hello.c)
set_tests_properties(gaspi-mpi-scripts PROPERTIES LABELS gaspi-mpi TIMEOUT 60 PROCESSORS 2)
