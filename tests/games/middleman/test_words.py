"""Middleman in words: where the game stands, each step's news, the recap and each move."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from tests.games.middleman.helpers import GAME, buy_step, rows, sell_step, start
from tests.games.middleman.test_scripted_game import ROWS, SCRIPT
from tradingfloor.core.words import fill
from tradingfloor.games.middleman import words
from tradingfloor.games.middleman.actions import Buy, Rows, Sell

# Jane, Fred and Mary call A = 8, 0, 2 in round 1 (the Buying Example) and D = 6, 1, 3.
EXAMPLE = [
    rows("8012345679", "6012345789"),
    rows("0123456789", "1023456789"),
    rows("2013456789", "3012456789"),
]


def named(lines: list[str]) -> list[str]:
    """The lines with seats named as the rule text's players: Jane, Fred and Mary."""
    return [fill(line, lambda s: ("Jane", "Fred", "Mary")[s]) for line in lines]


def scripted(upto: int) -> Any:
    """The scripted game after its first `upto` steps."""
    state = start(ROWS)
    for side, orders, *_ in SCRIPT[:upto]:
        state = (buy_step if side == "buy" else sell_step)(state, orders)
    return state


def test_status_and_chapter_say_where_the_game_stands() -> None:
    state = GAME.new({"players": 3}, seed=1)
    view = GAME.view(state, 0)
    assert (view["status"], view["chapter"]) == ("Writing rows A and D", "Rows A and D")
    assert view["news"] == ["The game begins: every trader holds 30 in cash and no tins."]
    state = scripted(7)
    view = GAME.view(state, None)
    assert (view["status"], view["chapter"]) == ("Round 4 of 10 · selling", "Round 4")
    final = GAME.view(scripted(len(SCRIPT)), None)
    assert (final["status"], final["chapter"]) == ("The game is over", "Round 10")


def test_the_news_of_the_rule_texts_buying_example() -> None:
    state = buy_step(start(EXAMPLE), [(6, 5), (5, 4), (9, 2)])
    assert named(GAME.view(state, None)["news"]) == [
        "Round 1, buying: the A digits 8 + 0 + 2 make 10 tins for sale.",
        "Jane bought all 6 at 5 a tin (30 in all); Fred bought 4 of 5 at 4 a tin (16 in all); "
        "Mary offered 2 a tin for 9 tins and got none.",
    ]
    state = GAME.apply(state, 2, Sell(tins=0, price=0))
    assert GAME.view(state, 0)["news"][-1] == "Selling orders sealed so far: {seat:2}."
    state = GAME.apply(GAME.apply(state, 0, Sell(tins=3, price=5)), 1, Sell(tins=4, price=9))
    assert named(GAME.view(state, None)["news"]) == [
        "Round 1, selling: the D digits 6 + 1 + 3 make a demand for 10 tins.",
        "Jane sold all 3 at 5 a tin (15 in all); Fred sold all 4 at 9 a tin (36 in all); "
        "Mary offered none for sale.",
        "The market wanted 3 more.",
    ]


def test_the_news_of_a_trader_going_out_says_why() -> None:
    state = scripted(13)  # round 7 buying: seat 2 is served 10 tins at 9 with 80 in hand
    news = GAME.view(state, None)["news"]
    assert news[1].endswith("{seat:2} got all 10 at 9 a tin but could not pay.")
    assert news[2] == (
        "{seat:2} owed 90 with 80 in hand: out of the game, and those tins go to nobody."
    )


def test_an_offer_of_nothing_is_explained_as_free_leftovers() -> None:
    state = scripted(11)  # round 6 buying: seat 2 asks for 12 tins at 0
    news = GAME.view(state, None)["news"]
    assert "{seat:2} asked for 12 tins at 0, for free leftovers, and got 5" in news[1]


def test_every_step_of_the_history_carries_its_words() -> None:
    view = GAME.view(scripted(len(SCRIPT)), None)
    assert [step["text"][0].split(":")[0] for step in view["history"][:2]] == [
        "Round 1, buying",
        "Round 1, selling",
    ]
    assert view["news"][:-1] == view["history"][-1]["text"]


def test_the_recap_says_what_decided_each_traders_game() -> None:
    view = GAME.view(scripted(len(SCRIPT)), None)
    assert view["news"][-1] == "The game is over. Winner: {seat:0}, with 204."
    assert view["recap"] == [
        # Worked by hand from the script: 8 x 3 + 4 x 6 + 4 x 5 + 10 x 2 + 5 x 1 + 7 x 4 + 6 x 3.
        "{seat:0} won with 204: bought 44 tins for 139 (3.2 a tin) and sold 44 tins for 313 "
        "(7.1 a tin)",
        "{seat:1} finished with 191: bought 52 tins for 229 (4.4 a tin) and sold 52 tins for 390 "
        "(7.5 a tin)",
        "{seat:2} went out in round 7: served 10 tins at 9 a tin, 90 to pay with 80 in cash",
    ]
    assert "recap" not in GAME.view(scripted(3), None)


def test_news_and_recap_name_seats_only_by_placeholder() -> None:
    state = scripted(len(SCRIPT))
    for seat in (0, 1, 2, None):
        view = GAME.view(state, seat)
        for line in view["news"] + view["recap"]:
            assert not re.search(r"\bseat \d|\bSeat \d", line), line


@pytest.mark.parametrize(
    ("action", "words"),
    [
        (Rows(a=tuple(range(10)), d=tuple(range(9, -1, -1))), "Write rows A and D"),
        (Buy(tins=2, price=3), "Offer 3 a tin for 2 tins"),
        (Buy(tins=1, price=3), "Offer 3 a tin for 1 tin"),
        (Buy(tins=9, price=5), "Offer 5 a tin for 9 tins (45 if all are served, with 30 in hand)"),
        (Buy(tins=27, price=0), "Ask for 27 tins at 0 a tin (only tins nobody else buys)"),
        (Buy(tins=0, price=4), "Buy nothing this round"),
        (Sell(tins=4, price=7), "Sell 4 tins at 7 a tin"),
        (Sell(tins=0, price=7), "Sell nothing this round"),
    ],
)
def test_moves_in_the_games_words(action: Any, words: str) -> None:
    state = start(EXAMPLE)
    assert GAME.move_words(state, 0, action) == words  # type: ignore[attr-defined]


def test_the_guide_is_a_short_players_guide() -> None:
    guide = GAME.how_to_play()  # type: ignore[attr-defined]
    assert guide.startswith("# How to play Middleman")
    assert len(guide.split()) < 600
    for jargon in ("RULINGS", "seeds/", "{", "json", "§"):
        assert jargon not in guide


def test_the_history_told_from_the_cache_is_each_step_told_afresh() -> None:
    rng = random.Random(6)
    for seed in range(12):
        state = GAME.new({"players": 4}, seed)
        while actors := GAME.actors(state):
            for s in actors:
                state = GAME.apply(state, s, GAME.legal(state, s).sample(rng))
            told = words.history_sentences(state)
            assert told == [
                words.step_sentences(step, words.cash_before(state, index))
                for index, step in enumerate(state.history)
            ]
            if state.history:
                assert words.news(state)[: len(told[-1])] == told[-1]
