/* Compiles as C11 with -Wall -Wextra -Werror -pedantic: every public header, together with
 * <mpi.h>, and the typed constants usable without warnings. */
#include <GASPI.h>
#include <GASPI_Ext.h>
#include <GASPI_Threads.h>
#include <GASPI_types.h>
#include <PGASPI.h>
#include <mpi.h>

_Static_assert(sizeof(gaspi_notification_id_t) == sizeof(unsigned int), "GPI-2 v1.6.0 ABI");
_Static_assert(GASPI_QUEUE_FULL == 23, "GPI-2's value");
_Static_assert(GASPI_OFI == 5, "GPI-2 v1.6.0");

gaspi_timeout_t gaspi_mpi_header_check_c(void);
gaspi_timeout_t gaspi_mpi_header_check_c(void) {
  return GASPI_BLOCK + GASPI_TEST + GASPI_GROUP_ALL;
}
