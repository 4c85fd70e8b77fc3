"""The Koi-Koi table: ``layout`` (pure: view → positions, click → move) and ``view`` (drawing)."""
