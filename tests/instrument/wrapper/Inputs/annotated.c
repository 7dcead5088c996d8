// Uses the rmarace annotation API, whose header the wrappers make available.
#include <rmarace/rmarace.h>

void step(void) { rmarace_annotate_tick(); }
