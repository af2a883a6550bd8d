"""Businessmen in words: the status line, chapters, each step's news, the log in sentences with
their figures (the rule text's Phase 3 example), moves and menu labels, the recap, the guide."""

from __future__ import annotations

import random
import re

from tests.games.businessmen.helpers import (
    ANTON,
    GAME,
    MARTA,
    NAZAR,
    OLYA,
    OPTION_1,
    OPTION_2,
    act,
    forced_decks,
)
from tests.games.businessmen.test_worked_examples import (
    load_as_in_the_text,
    loading_table,
    store_as_in_the_text,
)
from tradingfloor.core.playout import play_out
from tradingfloor.core.words import fill
from tradingfloor.games.businessmen.scenario import build

# What a person must never read in the game's words.
JARGON = re.compile(r"[a-z]+_[a-z_]+|[{}\[\]]|\bNone\b|\bTrue\b|\bFalse\b")


def named(text: str, me: int | None = None) -> str:
    """A game text with its seats named as the web page names them."""
    return fill(text, lambda s: ["Olya", "Nazar", "Marta", "Anton"][s], me)


def test_status_and_chapter_say_the_round_the_phase_and_the_goal() -> None:
    state = GAME.new({"players": 2}, seed=1)
    view = GAME.view(state, 0)
    assert view["status"] == "Round 1 · before the round: play or skip · playing to 20 VP"
    assert view["chapter"] == "Round 1" and view["stage"] == "before the round: play or skip"
    state = act(act(state, 0, {"type": "play"}), 1, {"type": "play"})
    assert GAME.view(state, 0)["status"] == "Round 1 · Phase 1, buying · playing to 20 VP"
    short = GAME.new({"players": 2, "max_rounds": 5}, seed=1)
    assert GAME.view(short, None)["status"].startswith("Round 1 of 5 · ")


def test_the_news_of_a_step_are_its_events_in_words() -> None:
    state = GAME.new({"players": 2}, seed=1)
    state = act(state, 0, {"type": "play"})
    assert GAME.view(state, None)["news"] == ["{seat:0} played round 1"]
    state = act(state, 1, {"type": "skip"})
    news = GAME.view(state, 1)["news"]
    assert news[0] == "{seat:1} skipped round 1: −1 VP"
    assert re.fullmatch(
        r"The goods card put \d oil|.* on the market; the export card takes .* this round", news[1]
    )
    assert named(news[0], me=1) == "you skipped round 1: −1 VP"


def test_phase_3_in_words_figure_for_figure() -> None:
    state = store_as_in_the_text(load_as_in_the_text(loading_table(OPTION_1)))
    view = GAME.view(state, OLYA)
    # Marta's storing was the step that sent the cars: its news is Phase 3, in the text's figures.
    assert [named(line) for line in view["news"]] == [
        "Marta kept metal and meat in the main warehouse and returned 1 wood to the supply",
        "The price roulette: fish +3 to 4 and wood −5 to 1; the cars are paid at these prices",
        "The yellow car left with 5 fish at 4: 20 coins to Anton; Anton filled it alone: +1 VP",
        "The blue car left with 6 grain at 5: 5 coins to Olya and 25 coins to Marta",
        "The green car left with 7 metal at 4: 16 coins to Nazar and 12 coins to Anton",
        "Prices moved (each good sent fell by its car's size, the others rose 3): oil 6 (+3), "
        "wood 4 (+3), metal 1 (−3), meat 6 (+3), grain 1 (−4), fish 1 (−3)",
    ]
    state = act(state, OLYA, {"type": "export", "good": "wood", "units": 4})
    assert named(GAME.view(state, OLYA)["news"][0], me=OLYA) == "you exported 4 wood for 1 VP"
    # Every entry of the log is a sentence: no identifiers, no JSON.
    for event in GAME.view(state, None)["events"]:
        assert event["text"] and not JARGON.search(named(event["text"])), event


def test_an_embargo_in_words() -> None:
    state = store_as_in_the_text(load_as_in_the_text(loading_table(OPTION_2)))
    news = GAME.view(state, None)["news"]
    assert news[1] == (
        "The price roulette stopped on an embargo on metal and wood: they are neither sent nor "
        "exported this round"
    )


def test_loading_in_words_and_the_forced_passes() -> None:
    state = load_as_in_the_text(loading_table())
    texts = [named(e["text"]) for e in GAME.view(state, None)["events"]]
    assert "Nazar loaded 4 metal into the green car (4 of 7)" in texts
    assert "Anton loaded 3 metal into the green car, which is full" in texts
    assert "Nazar had nothing left to load and passed" in texts


def test_moves_in_words_as_they_are_made() -> None:
    state = loading_table()
    labels = {
        e["label"] for e in GAME.legal(state, NAZAR).describe()["actions"]
    }  # the menu of the text's Nazar, who loads first
    assert labels == {
        "Load 4 oil into the blue car (4 of 6)",
        "Load 4 metal into the blue car (4 of 6)",
        "Load 4 oil into the green car (4 of 7)",
        "Load 4 metal into the green car (4 of 7)",
        "Pass: load nothing more this round",
    }
    state = act(state, NAZAR, {"type": "load", "car": "green", "good": "metal"})
    state = act(state, MARTA, {"type": "load", "car": "blue", "good": "grain"})
    load = GAME.parse_action({"type": "load", "car": "yellow", "good": "fish"})
    assert (
        GAME.move_words(state, ANTON, load)
        == "Load 1 fish into the yellow car (fills it alone: +1 VP when it is sent)"
    )
    fill_green = GAME.parse_action({"type": "load", "car": "green", "good": "metal"})
    assert GAME.move_words(state, ANTON, fill_green) == "Load 3 metal into the green car (fills it)"
    buying = build(2, phase="buy", decks=forced_decks())
    words = {e["label"] for e in GAME.legal(buying, 0).describe()["actions"]}
    assert {
        "Buy 1 oil (1 coin)",
        "Buy 3 oil (3 coins)",
        "Pass: buy nothing more this round",
    } <= words
    improving = build(2, phase="improve", decks=forced_decks(), seats={0: {"levels": (2, 1, 1)}})
    words = {e["label"] for e in GAME.legal(improving, 0).describe()["actions"]}
    assert "Improve the main warehouse to level 3 (20 coins, +2 VP)" not in words  # 10 coins
    assert "Improve the loader to level 2 (10 coins, +1 VP)" in words
    skip = GAME.parse_action({"type": "skip"})
    assert GAME.move_words(GAME.new({"players": 2}, 1), 0, skip) == (
        "Skip this round (−1 VP now, +10 coins as the next round starts)"
    )


def test_a_seats_own_figures_are_said_to_it_alone() -> None:
    state = build(2, phase="buy", decks=forced_decks(), seats={1: {"levels": (2, 3, 2)}})
    assert GAME.view(state, 1)["yours"] == (
        "You have 10 coins and 0 VP · you buy up to 4 of a good, load up to 6 at a time and keep "
        "2 types of goods"
    )
    assert "yours" not in GAME.view(state, None)


def test_the_recap_says_what_decided_each_seats_game() -> None:
    bots = GAME.bots()
    state = GAME.new({"players": 3, "goal": 10}, seed=3)
    final = play_out(GAME, state, [bots["heuristic"]() for _ in range(3)], random.Random(1))
    view = GAME.view(final, None)
    result = GAME.result(final)
    assert result is not None and len(view["recap"]) == 3
    for seat, line in enumerate(view["recap"]):
        me = final.seats[seat]
        assert line.startswith(f"{{seat:{seat}}} ")
        assert f"{me.vp} VP and {me.coins} coins" in line
        assert ("won with" in line) == (seat in result.winners)
        assert not JARGON.search(named(line))
    # The VP by source add up to the VP held: "a VP from cars ..., b VP from exports ...; lost c".
    for seat, line in enumerate(view["recap"]):
        gained = sum(int(n) for n in re.findall(r"(\d+) VP from", line))
        lost = sum(int(n) for n in re.findall(r"(?:lost|and) (\d+) to ", line))
        assert gained - lost == final.seats[seat].vp, line
    assert view["news"][-1].startswith("Round ") and view["news"][-1].endswith("the game ends")


def test_the_log_keeps_this_round_and_the_last_whole() -> None:
    bots = GAME.bots()
    state = GAME.new({"players": 4, "max_rounds": 6}, seed=2)
    final = play_out(GAME, state, [bots["heuristic"]() for _ in range(4)], random.Random(2))
    rounds = {e["round"] for e in GAME.view(final, None)["events"]}
    assert rounds == {final.round - 1, final.round}
    kinds = [e["kind"] for e in GAME.view(final, None)["events"] if e["round"] == final.round - 1]
    assert kinds[0] == "round" and "price-wheel" in kinds and kinds[-1] != "round"


def test_the_players_guide() -> None:
    guide = GAME.how_to_play()
    assert guide.startswith("# How to play Businessmen")
    for words in ("20 victory points", "Buying", "Loading", "embargo", "Insurance", "Skipping"):
        assert words in guide
    assert not re.search(r"RULINGS|seeds/|\.py|\{", guide)
