"""Benchmarks that print figures (``python -m chabudai.tools.bench NAME [--json]``); never asserted in tests."""
