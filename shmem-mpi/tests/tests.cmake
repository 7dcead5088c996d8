# Conformance tests: every tests/*.c is a program checking its own results (exit 0 = pass). The
# PE count comes from a comment "/* NPROCS: N */" (default 2), an expected exit code other than 0
# from "/* EXIT_CODE: N */", an expected message on stderr from "/* EXPECT_STDERR: text */".
file(GLOB shmem_mpi_tests CONFIGURE_DEPENDS ${CMAKE_CURRENT_SOURCE_DIR}/tests/*.c)
add_custom_target(shmem-mpi-tests)
set(shmem_mpi_test_runner ${CMAKE_CURRENT_SOURCE_DIR}/tests/run_test.sh)
foreach(source ${shmem_mpi_tests})
  get_filename_component(name ${source} NAME_WE)
  set(target shmem-mpi-test-${name})
  add_executable(${target} ${source})
  target_link_libraries(${target} PRIVATE shmem-mpi)
  target_compile_options(${target} PRIVATE ${SHMEM_MPI_C_OPTIONS} -Wall -Wextra -Werror)
  target_compile_definitions(${target} PRIVATE OMPI_SKIP_MPICXX=1)
  set_target_properties(${target} PROPERTIES OUTPUT_NAME ${name} RUNTIME_OUTPUT_DIRECTORY
                                             ${CMAKE_CURRENT_BINARY_DIR}/tests)
  add_dependencies(shmem-mpi-tests ${target})
  file(READ ${source} text)
  set(nprocs 2)
  if(text MATCHES "/\\* NPROCS: ([0-9]+) \\*/")
    set(nprocs ${CMAKE_MATCH_1})
  endif()
  set(exit_code 0)
  if(text MATCHES "/\\* EXIT_CODE: ([0-9]+) \\*/")
    set(exit_code ${CMAKE_MATCH_1})
  endif()
  set(expect_stderr "")
  if(text MATCHES "/\\* EXPECT_STDERR: ([^*]+) \\*/")
    set(expect_stderr "${CMAKE_MATCH_1}")
  endif()
  add_test(NAME shmem-mpi-${name}
           COMMAND ${shmem_mpi_test_runner} ${PROJECT_BINARY_DIR}/bin/shmemrun ${nprocs}
                   ${exit_code} "${expect_stderr}" $<TARGET_FILE:${target}>)
  set_tests_properties(shmem-mpi-${name} PROPERTIES LABELS shmem-mpi TIMEOUT 60
                                                    PROCESSORS ${nprocs})
endforeach()
