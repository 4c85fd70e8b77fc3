"""What F1 shows on each menu screen: a title and a few plain sentences, keyed by scene name.

The app opens this help for any scene named here (:meth:`chabudai.game.scene.Scene.screen_help`); a table
shows its game's own how-to-play instead.

The texts are marked here (``N_``) and translated when F1 shows them (:func:`screen_help`); the
keys paragraph that ends most of them is one message of its own.
"""

from __future__ import annotations

from chabudai.i18n import N_, _

KEYS = N_(
    "Keys everywhere: Tab or the arrows move between controls, Enter or Space chooses, Left and "
    "Right change a value, Esc goes back, F11 switches fullscreen, F1 opens this help."
)

# scene name -> (title, text, whether the keys paragraph follows the text)
SCREEN_HELP: dict[str, tuple[str, str, bool]] = {
    "history": (
        N_("History"),
        N_(
            "Every game you finished is kept here, newest first, and games you left before the end "
            "too, marked unfinished. The last 1,000 are kept; star a game to keep it for ever.\n\n"
            "Watch (Enter, or a double click) replays it. Export (E) saves it as one small file "
            "you can send to a friend; drop such a file on the window to add it here.\n\n"
            "Up / Down and Page Up / Page Down choose a game; Show filters by game; Esc goes back."
        ),
        False,
    ),
    "viewer": (
        N_("Watching a game again"),
        N_(
            "The table shows the game as the seat you watch saw it: choose another seat, or All "
            "hands to see every hand (the game is over, so nothing is secret any more).\n\n"
            "Left / Right: one move back or on. Space: play or pause. Page Up / Page Down: the "
            "start of the previous or next round. Home / End: the deal or the end. + / -: faster "
            "or slower. Click the bar at the bottom to jump. Esc goes back."
        ),
        False,
    ),
    "title": (
        N_("Welcome to Chabudai"),
        N_(
            "Four card games around one low table: Koi-Koi, Nanatoridori, Nar and Nimalia.\n\n"
            "Solo: play against bots on this computer. Pick a game tile to start it right away.\n"
            "Host: open a table on your network; friends find it on their Join screen.\n"
            "Join: sit down at a table someone else opened, or watch it.\n"
            "History: every game you played, to watch again or send to a friend.\n"
            "Settings: your name, your language, the volume, how fast cards move, fullscreen."
        ),
        False,  # (its own keys paragraph: Esc differs here, see screen_help)
    ),
    "setup": (
        N_("Setting up a game"),
        N_(
            "Left: the table. Choose the game, how many play, and who sits in each other seat: "
            "a bot (easy, normal or hard) or, when you host, an open seat for a player on your "
            "network.\n\n"
            "Right: the game's own rules. Each option explains itself at the bottom when you move "
            "onto it. Options that do not apply to the number of players are left out.\n\n"
            "Start (or Open the table) when you are ready; Back returns to the title."
        ),
        True,
    ),
    "join": (
        N_("Joining a table"),
        N_(
            "Tables opened on your network appear in the list by themselves, with their game, how "
            "many seats are open and whether they are still in the lobby. Click one to join it.\n\n"
            "A table on another network: type its address (shown in the host's lobby, such as "
            "192.168.1.20:47474) and press Join.\n\n"
            "Join as spectator to watch a game without a seat."
        ),
        True,
    ),
    "lobby": (
        N_("The lobby"),
        N_(
            "Everyone at the table is listed with a ready mark. The host adds or removes bots for "
            "open seats and starts the game when the players are ready; other players say Ready. "
            "A table that runs by itself starts as soon as every seat is filled and ready.\n\n"
            "Friends on your network see the table on their Join screen; others can type the "
            "address "
            "shown at the bottom.\n\n"
            "Leave (or Esc) gives up your seat and returns to the title."
        ),
        True,
    ),
    "settings": (
        N_("Settings"),
        N_(
            "Your name is what other players see at the table. Language is the language of every "
            "screen; a change shows at once. Volume sets sound effects and music; Animation speed "
            "makes the cards move faster or slower; Fullscreen fills the screen (F11 anywhere).\n\n"
            "Every change is saved at once; Done or Esc goes back to where you were."
        ),
        True,
    ),
    "welcome": (
        N_("Your name"),
        N_(
            "Type the name the other players will see at the table and choose your language, then "
            "press Enter. You can change both at any time in Settings."
        ),
        False,
    ),
    "results": (
        N_("Results"),
        N_(
            "The score of every round, the totals and who won. The host may start a rematch at the "
            "same table (at a table that runs by itself: Play again); Title (or Esc) returns to "
            "the "
            "title screen."
        ),
        True,
    ),
}


def screen_help(name: str) -> tuple[str, str] | None:
    """The title and text F1 shows on the screen ``name``, in the current language (None: no
    help of this kind there)."""
    entry = SCREEN_HELP.get(name)
    if entry is None:
        return None
    title, text, keys = entry
    text = _(text)
    if keys:
        text += "\n\n" + _(KEYS)
    elif name == "title":
        # Translators: {keys} is the paragraph "Keys everywhere: …" (the title screen's help)
        ending = _("{keys} On this screen Esc picks Quit; press Esc again to leave.")
        text += "\n\n" + ending.format(keys=_(KEYS))
    return _(title), text
