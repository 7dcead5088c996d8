"""The compiler driver behind rmarace-cc and rmarace-c++ (see docs/instrumentation.md)."""
