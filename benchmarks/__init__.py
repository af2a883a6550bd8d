"""Throughput measurements; `python -m benchmarks` (or `make bench`) prints the table."""
