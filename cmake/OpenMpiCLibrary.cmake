# What the bundled C libraries over Open MPI (shmem-mpi, gaspi-mpi) share: the include
# directories and link flags of mpicc.openmpi, and the project's warning flags made safe for C.

# Sets <prefix>_INCLUDES and <prefix>_LIBS from `mpicc --showme:compile/link`.
function(rmarace_openmpi_c_flags mpicc prefix)
  execute_process(COMMAND ${mpicc} --showme:compile OUTPUT_VARIABLE compile
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  execute_process(COMMAND ${mpicc} --showme:link OUTPUT_VARIABLE link
                  OUTPUT_STRIP_TRAILING_WHITESPACE)
  separate_arguments(compile UNIX_COMMAND "${compile}")
  separate_arguments(link UNIX_COMMAND "${link}")
  set(includes "")
  foreach(flag ${compile})
    if(flag MATCHES "^-I(.+)")
      list(APPEND includes ${CMAKE_MATCH_1})
    endif()
  endforeach()
  set(libs "")
  foreach(flag ${link})
    if(flag MATCHES "^-[Ll]" OR flag MATCHES "^-Wl,")
      list(APPEND libs ${flag})
    endif()
  endforeach()
  set(${prefix}_INCLUDES ${includes} PARENT_SCOPE)
  set(${prefix}_LIBS ${libs} PARENT_SCOPE)
endfunction()

# The project's warning flags include C++-only ones (-Wnon-virtual-dtor): keep them for C++ only
# in the calling directory.
macro(rmarace_c_safe_warnings)
  get_directory_property(rmarace_directory_options COMPILE_OPTIONS)
  list(TRANSFORM rmarace_directory_options REPLACE "^-Wnon-virtual-dtor$"
       "$<$<COMPILE_LANGUAGE:CXX>:-Wnon-virtual-dtor>")
  set_directory_properties(PROPERTIES COMPILE_OPTIONS "${rmarace_directory_options}")
endmacro()
