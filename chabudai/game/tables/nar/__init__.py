"""The Nar table: ``layout`` (pure: view → positions, click → move) and ``view`` (drawing)."""
