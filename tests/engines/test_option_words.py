"""The one options schema speaks to players: every option has a label, its values in words and a
sentence of help, and says which player counts it applies to; setup, lobby and the host's
command-line help all read them from there."""

import re
import subprocess
import sys

import pytest

from chabudai import engines
from chabudai.engines.options import Option

ALL = [(name, option) for name in engines.names() for option in engines.get(name).options]


@pytest.mark.parametrize("game,option", ALL, ids=[f"{g}.{o.name}" for g, o in ALL])
def test_every_option_has_a_label_words_and_a_sentence_of_help(game, option):
    assert option.label and "_" not in option.label
    assert len(option.help) >= 30 and option.help[-1] in ".)", option.help
    assert not re.search(r"\b[A-Z]-[O0-9]|§", f"{option.help} {option.label}"), (
        option.help
    )  # no rule ids
    for value in option.choices:
        word = option.word(value)
        assert word and "_" not in word, (option.name, value, word)
    assert option.to_dict()["words"] == [option.word(v) for v in option.choices]


def test_words_and_player_counts():
    otters = Option("otter", str, ("per_otter", "once"), "per_otter")
    assert otters.word("per_otter") == "per otter"  # without words: underscores become spaces
    flag = Option("flag", bool, (True, False), True)
    assert (flag.word(True), flag.word(False)) == ("on", "off")
    nar = {o.name: o for o in engines.get("nar").options}
    assert nar["fools_at_7"].applies(7) and not nar["fools_at_7"].applies(8)
    assert nar["fools_at_7"].to_dict()["players"] == [7, 7]
    with pytest.raises(ValueError, match="one word per choice"):
        Option("bad", str, ("a", "b"), "a", words=("only one",))


def test_host_help_lists_every_games_options_in_words():
    out = subprocess.run(
        [sys.executable, "-m", "chabudai.tools.cli", "host", "--help"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    for _game, option in ALL:
        assert f"{option.name} = " in out
    assert "per_otter (per otter)" in out and "(with 7 players only)" in out
