// GASPI communicates between segments: gaspi_write reads [offset, offset + size) of its local
// segment until gaspi_wait on its queue, gaspi_read writes it. Stores through the pointer
// gaspi_segment_ptr gives for the same segment id at overlapping constant offsets race.
// RUN: %rmarace_cc -O0 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
// RUN: %rmarace_cc -O2 -c %s -o %t.o 2>&1 | FileCheck %s --implicit-check-not=warning:
#include <GASPI.h>

void write_then_store(void) {
  gaspi_pointer_t pointer;
  gaspi_segment_ptr(0, &pointer);
  int *seg = (int *)pointer;
  // CHECK: gaspi.c:[[#@LINE+3]]:12: warning: store to the source buffer of gaspi_write before the operation is locally complete [-Wrmarace-local-buffer]
  // CHECK-NEXT: gaspi.c:[[#@LINE+1]]:3: note: gaspi_write called here; no call that may complete it lies between the two
  gaspi_write(0, 512, 1, 0, 0, 2 * sizeof(int), 0, GASPI_BLOCK);
  seg[129] = 1;
  seg[130] = 1; // outside the 8 bytes written
  seg[0] = seg[128]; // a load of the source, and another part of the segment
  gaspi_wait(0, GASPI_BLOCK);
  seg[128] = 2;
}

void other_segment(void) {
  gaspi_pointer_t pointer;
  gaspi_segment_ptr(1, &pointer);
  int *seg = (int *)pointer;
  gaspi_write(0, 0, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
  seg[0] = 1;
  gaspi_wait(0, GASPI_BLOCK);
}

int read_then_load(void) {
  gaspi_pointer_t pointer;
  gaspi_segment_ptr(0, &pointer);
  int *seg = (int *)pointer;
  // CHECK: gaspi.c:[[#@LINE+3]]:15: warning: load of the destination buffer of gaspi_read before the operation is locally complete [-Wrmarace-local-buffer]
  // CHECK-NEXT: gaspi.c:[[#@LINE+1]]:3: note: gaspi_read called here
  gaspi_read(0, 0, 1, 0, 0, sizeof(int), 0, GASPI_BLOCK);
  int early = seg[0];
  gaspi_wait(0, GASPI_BLOCK);
  return early;
}

// gaspi_wait completes the operations of its own queue only.
void wait_for_other_queue(gaspi_queue_id_t queue) {
  gaspi_pointer_t pointer;
  gaspi_segment_ptr(2, &pointer);
  char *seg = pointer;
  // CHECK: gaspi.c:[[#@LINE+4]]:10: warning: store to the source buffer of gaspi_write before the operation is locally complete [-Wrmarace-local-buffer]
  // CHECK-NEXT: gaspi.c:[[#@LINE+1]]:3: note: gaspi_write called here
  gaspi_write(2, 0, 1, 2, 0, 1, 0, GASPI_BLOCK);
  gaspi_wait(1, GASPI_BLOCK);
  seg[0] = 1;
  gaspi_write(2, 0, 1, 2, 0, 1, 0, GASPI_BLOCK);
  gaspi_wait(queue, GASPI_BLOCK);
  seg[0] = 2;
  gaspi_wait(0, GASPI_BLOCK);
}
