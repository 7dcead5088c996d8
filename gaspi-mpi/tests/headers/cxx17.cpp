// Compiles as C++17 with -Wall -Wextra -Werror -pedantic: every public header, together with
// <mpi.h>; the declarations have C linkage.
#include <GASPI.h>
#include <GASPI_Ext.h>
#include <GASPI_Threads.h>
#include <GASPI_types.h>
#include <PGASPI.h>
#include <mpi.h>
#include <type_traits>

static_assert(std::is_same_v<decltype(&gaspi_write), decltype(&pgaspi_write)>);
static_assert(sizeof(gaspi_config_t) > 0);

gaspi_timeout_t gaspi_mpi_header_check_cxx();
gaspi_timeout_t gaspi_mpi_header_check_cxx() {
  gaspi_config_t config{};
  config.notification_num = 65536; // as a GPI-2 v1.5.1 program writes it
  return GASPI_BLOCK + GASPI_TEST + GASPI_GROUP_ALL + config.notification_num;
}
