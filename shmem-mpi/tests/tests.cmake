include(${PROJECT_SOURCE_DIR}/cmake/ConformanceTests.cmake)
rmarace_conformance_tests(shmem-mpi ${CMAKE_CURRENT_SOURCE_DIR}/tests shmem-mpi ${PROJECT_BINARY_DIR}/bin/shmemrun)
