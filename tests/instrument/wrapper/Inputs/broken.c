// Does not compile.
int broken(void) { return undeclared_variable; }
