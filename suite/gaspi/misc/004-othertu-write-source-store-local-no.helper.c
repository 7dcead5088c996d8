/* Companion translation unit: compiled and linked together with the main test file. */
void store_value(int *p, int value);

void store_value(int *p, int value)
{
    *p = value;
}
