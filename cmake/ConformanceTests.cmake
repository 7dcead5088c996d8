# Conformance tests of the bundled libraries (shmem-mpi, gaspi-mpi): every <dir>/*.c is a program
# checking its own results (exit 0 = pass). The process count comes from a comment
# "/* NPROCS: N */" (default 2), an expected exit code other than 0 from "/* EXIT_CODE: N */", an
# expected message on stderr from "/* EXPECT_STDERR: text */". Tests are named <name>-<file>,
# labelled <name>, built by the target <name>-tests, linked with `library` and run with
# `launcher` (an mpirun-like script) through cmake/run_conformance_test.sh.
function(rmarace_conformance_tests name dir library launcher)
  file(GLOB sources CONFIGURE_DEPENDS ${dir}/*.c)
  add_custom_target(${name}-tests)
  foreach(source ${sources})
    get_filename_component(file ${source} NAME_WE)
    set(target ${name}-test-${file})
    add_executable(${target} ${source})
    target_link_libraries(${target} PRIVATE ${library})
    target_compile_options(${target} PRIVATE -std=c11 -Wall -Wextra -Werror)
    target_compile_definitions(${target} PRIVATE OMPI_SKIP_MPICXX=1)
    set_target_properties(${target} PROPERTIES OUTPUT_NAME ${file} RUNTIME_OUTPUT_DIRECTORY
                                               ${CMAKE_CURRENT_BINARY_DIR}/tests)
    add_dependencies(${name}-tests ${target})
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
    add_test(NAME ${name}-${file}
             COMMAND ${PROJECT_SOURCE_DIR}/cmake/run_conformance_test.sh ${launcher} ${nprocs}
                     ${exit_code} "${expect_stderr}" $<TARGET_FILE:${target}>)
    set_tests_properties(${name}-${file} PROPERTIES LABELS ${name} TIMEOUT 60
                                                    PROCESSORS ${nprocs})
  endforeach()
endfunction()
