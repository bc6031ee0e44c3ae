"""Helpers the tests import, one module per thing provided (the benchmarks import gunicorn_server too)."""
