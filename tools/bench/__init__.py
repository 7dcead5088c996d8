"""rmarace-bench: compile, run and score labelled race tests (docs/suite.md)."""
