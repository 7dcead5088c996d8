/* Companion translation unit: compiled and linked together with the main test file. */
#include <stdio.h>

void print_value(const int *p);

void print_value(const int *p)
{
    // CONFLICT
    printf("value = %d\n", *p);
}
