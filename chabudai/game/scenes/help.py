"""What F1 shows on each menu screen: a title and a few plain sentences, keyed by scene name.

The app opens this help for any scene named here (:meth:`chabudai.game.scene.Scene.screen_help`); a table
shows its game's own how-to-play instead.
"""

from __future__ import annotations

KEYS = (
    "Keys everywhere: Tab or the arrows move between controls, Enter or Space chooses, Left and "
    "Right change a value, Esc goes back, F11 switches fullscreen, F1 opens this help."
)

SCREEN_HELP: dict[str, tuple[str, str]] = {
    "history": (
        "History",
        "Every game you finished is kept here, newest first, and games you left before the end "
        "too, marked unfinished. The last 1,000 are kept; star a game to keep it for ever.\n\n"
        "Watch (Enter, or a double click) replays it. Export (E) saves it as one small file "
        "you can send to a friend; drop such a file on the window to add it here.\n\n"
        "Up / Down and Page Up / Page Down choose a game; Show filters by game; Esc goes back.",
    ),
    "viewer": (
        "Watching a game again",
        "The table shows the game as the seat you watch saw it: choose another seat, or All "
        "hands to see every hand (the game is over, so nothing is secret any more).\n\n"
        "Left / Right: one move back or on. Space: play or pause. Page Up / Page Down: the "
        "start of the previous or next round. Home / End: the deal or the end. + / -: faster "
        "or slower. Click the bar at the bottom to jump. Esc goes back.",
    ),
    "title": (
        "Welcome to Chabudai",
        "Four card games around one low table: Koi-Koi, Nanatoridori, Nar and Nimalia.\n\n"
        "Solo: play against bots on this computer. Pick a game tile to start it right away.\n"
        "Host: open a table on your network; friends find it on their Join screen.\n"
        "Join: sit down at a table someone else opened, or watch it.\n"
        "History: every game you played, to watch again or send to a friend.\n"
        "Settings: your name, the volume, how fast cards move, fullscreen.\n\n"
        f"{KEYS} On this screen Esc picks Quit; press Esc again to leave.",
    ),
    "setup": (
        "Setting up a game",
        "Left: the table. Choose the game, how many play, and who sits in each other seat: a bot "
        "(easy, normal or hard) or, when you host, an open seat for a player on your network.\n\n"
        "Right: the game's own rules. Each option explains itself at the bottom when you move "
        "onto it. Options that do not apply to the number of players are left out.\n\n"
        "Start (or Open the table) when you are ready; Back returns to the title.\n\n" + KEYS,
    ),
    "join": (
        "Joining a table",
        "Tables opened on your network appear in the list by themselves, with their game, how "
        "many seats are open and whether they are still in the lobby. Click one to join it.\n\n"
        "A table on another network: type its address (shown in the host's lobby, such as "
        "192.168.1.20:47474) and press Join.\n\n"
        "Join as spectator to watch a game without a seat.\n\n" + KEYS,
    ),
    "lobby": (
        "The lobby",
        "Everyone at the table is listed with a ready mark. The host adds or removes bots for "
        "open seats and starts the game when the players are ready; other players say Ready. "
        "A table that runs by itself starts as soon as every seat is filled and ready.\n\n"
        "Friends on your network see the table on their Join screen; others can type the address "
        "shown at the bottom.\n\n"
        "Leave (or Esc) gives up your seat and returns to the title.\n\n" + KEYS,
    ),
    "settings": (
        "Settings",
        "Your name is what other players see at the table. Volume sets sound effects and music; "
        "Animation speed makes the cards move faster or slower; Fullscreen fills the screen "
        "(F11 anywhere).\n\n"
        "Every change is saved at once; Done or Esc returns to the title.\n\n" + KEYS,
    ),
    "welcome": (
        "Your name",
        "Type the name the other players will see at the table, then press Enter. You can "
        "change it at any time in Settings.",
    ),
    "results": (
        "Results",
        "The score of every round, the totals and who won. The host may start a rematch at the "
        "same table (at a table that runs by itself: Play again); Title (or Esc) returns to the "
        "title screen.\n\n" + KEYS,
    ),
}
