"""rmarace-report: reads the JSON-lines logs of rmarace runs and writes HTML, SARIF or text
reports of their distinct races and errors (docs/reports.md)."""
