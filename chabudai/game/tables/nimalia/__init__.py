"""The Nimalia table: ``layout`` (pure: view → places, the ghost, click → move), ``view``
(events, drawing, input) and ``texts`` (the help and the objectives in words)."""
