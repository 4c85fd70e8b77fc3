"""Benchmarks that print figures (``python -m tools.bench NAME [--json]``); never asserted in tests."""
