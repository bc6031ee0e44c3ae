"""Helpers the tests import, one module per thing provided (the benchmarks import app_server too)."""
