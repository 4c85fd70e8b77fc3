"""What the Nimalia table says in words: the how-to-play text and each objective in full.

The printed objective cards carry only a short line; :data:`OBJECTIVE_TEXT` is what the zoomed
card shows beside it, written from the rules (rules/nimalia.md §7, rule ``M-On`` for ``On``).
"""

from __future__ import annotations

HELP_TEXT = """Build an animal reserve with the cards you draft. Each round everyone draws 3 cards; pick one, place it, then pass the rest on. After three turns the round's objectives are scored.

Placing: click a card in your hand (or press Tab or 1-3), turn it with R, the mouse wheel, a right click or the round buttons beside your hand, and move the ghost over your reserve with the mouse or the arrow keys. Green means legal; the line under your reserve shows what the round's objectives would score. Click or press Enter to place.

A card must cover at least one space already in your reserve (your first card goes in the middle), and the reserve must fit in 6 x 6 spaces. New cards lie on top: covered spaces no longer count.

Everybody places at the same time; the cards are revealed together, then hands pass left (rounds 1, 3, 5) or right (rounds 2, 4).

The four objectives (one per colour) each score three times. Hover an objective to read it; click it, or press O, to keep it open. Click another player's reserve (or press Z) to see it up close. Scores never drop below 0. Most points after round 5 wins; a tie goes to the player with the most spaces of one animal.

Keys: Tab or 1-3 card, R / Shift+R turn, arrows move, Enter place, O objectives, Z reserves, F1 this help, Esc leave."""

OBJECTIVE_TEXT: dict[int, str] = {
    1: "For each otter: every neighbouring animal that appears at least twice around it scores "
    "1 point per such neighbour.",
    2: "2 points for each otter whose river ends at a corner touching a lake space.",
    3: "2 points for each separate jungle area, whatever its size.",
    4: "2 points for each gorilla next to a lake space.",
    5: "2 points for each space of your largest savanna area.",
    6: "6 points for each savanna area of exactly 4 spaces, any shape.",
    7: "4 points for each 2 x 2 square of ice spaces. Squares may overlap.",
    8: "Polar bears side by side: 2 points per bear in a group of 2 or more; "
    "-1 for each bear alone.",
    9: "2 points per space of your rarest terrain (0 if a terrain is missing).",
    10: "Your largest complete square of spaces: 2x2 = 3, 3x3 = 5, 4x4 = 8, 5x5 = 13, "
    "6x6 = 21 points.",
    11: "3 points for each row showing all four terrains.",
    12: "3 points for each pair of the same animal side by side in a row "
    "(a run of 3 or more scores nothing).",
    13: "Few giraffes: none = 8, one = 5, two = 3, three or more = 0 points.",
    14: "3 points for each flamingo surrounded on all four sides.",
    15: "Your longest river of L otters: 1, 3, 6, 10 or 15 points for 2, 3, 4, 5 or 6+ otters.",
    16: "Longest river compared: the longest scores 5, the second 2 (with 3-4 players).",
    17: "3 points for each panda on the edge of your reserve (next to an empty space).",
    18: "Most gorillas: +5 (second +2). Most pandas: -5 (second -2).",
    19: "3 points for each column holding exactly one penguin.",
    20: "Fewest lions: +3. Everyone else: -2.",
    21: "Most crocodiles: 5 (second 2). Fewest flamingos: 5 (second 2).",
    22: "2 points for each crocodile next to a giraffe.",
}
