"""The Nanatoridori table: pure layout, picking and card tracking, and the view."""
