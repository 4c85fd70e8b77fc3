"""The client's scenes: title, setup (solo / host), join, lobby, table, results, settings."""
