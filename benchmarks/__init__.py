"""Benchmark scripts: each prints its figures (run one as `python benchmarks/<name>.py`)."""
