"""Middleman in words a person reads: where the game stands, what the latest step did, how each
trader finished, and each move (seats written `{seat:N}`, for each interface to name)."""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from typing import Any

from tradingfloor.core.words import seat
from tradingfloor.games.middleman import rules
from tradingfloor.games.middleman.actions import Buy, Rows, Sell
from tradingfloor.games.middleman.state import MiddlemanState, Step

STEP_WORDS = {"buy": "buying", "sell": "selling"}


def tins(count: int) -> str:
    """ "1 tin", "3 tins"."""
    return "1 tin" if count == 1 else f"{count} tins"


def status(state: MiddlemanState) -> str:
    """One line: the round and its step ("Round 4 of 10 · buying"); the page adds whose move."""
    if state.phase == "over":
        return "The game is over"
    if state.phase == "rows":
        return "Writing rows A and D"
    return f"Round {state.round} of {state.variant.rounds} · {STEP_WORDS[state.phase]}"


def chapter(state: MiddlemanState) -> str:
    """The part of the game a replay jumps to: the rows, then each round."""
    if state.phase == "rows":
        return "Rows A and D"
    return f"Round {min(state.round, state.variant.rounds)}"


# --- the news: what the latest step did ---------------------------------------------------------


def news(state: MiddlemanState) -> list[str]:
    """What happened last, in sentences with its figures: the latest reveal, then who has sealed
    an order since (never what), and the result once the game is over."""
    lines: list[str] = []
    if state.history:
        lines += history_sentences(state)[-1]  # the latest step's (each step's are cached)
    elif state.phase == "buy":
        lines.append(
            "Every trader has written rows A and D. Round 1: the auction opens; "
            "nobody knows how many tins it holds until every order is sealed."
        )
    else:
        start = state.variant.start_cash(state.players)  # §2: ten times the participants
        lines.append(f"The game begins: every trader holds {start} in cash and no tins.")
    lines += _sealed_so_far(state)
    final = rules.result(state)
    if final is not None:
        lines.append(_ending(state, final.winners))
    return lines


def _sealed_so_far(state: MiddlemanState) -> list[str]:
    if state.phase == "over":
        return []
    sealed = [s for s in range(state.players) if state.sealed[s] is not None]
    if not sealed:
        return []
    what = {"rows": "Rows written", "buy": "Buying orders sealed"}
    done = what.get(state.phase, "Selling orders sealed")
    return [f"{done} so far: {_and(seat(s) for s in sealed)}."]


def step_sentences(step: Step, cash: Sequence[int]) -> list[str]:
    """A resolved step in a line or two: the digits called out, what each trader got, who went out.

    `cash` is each trader's cash before the step (it says why a buyer went out)."""
    buying = step.side == "buy"
    called = " + ".join(str(d) for d in step.digits)
    if buying:
        market = f"make {tins(step.market)} for sale"
    else:
        market = f"make a demand for {tins(step.market)}"
    letter = "A" if buying else "D"
    lines = [f"Round {step.round}, {STEP_WORDS[step.side]}: the {letter} digits {called} {market}."]
    parts = [
        _fill_words(step, s, buying) for s, order in enumerate(step.orders) if order is not None
    ]
    if parts:
        lines.append("; ".join(parts) + ".")
    left = step.market - sum(step.fills)  # a void fill was served too: it goes to nobody
    if left > 0:
        lines.append(
            f"{tins(left)} found no buyer." if buying else f"The market wanted {left} more."
        )
    for s in step.went_out:
        order = step.orders[s]
        assert order is not None
        cost = step.fills[s] * order[1]
        lines.append(
            f"{seat(s)} owed {cost} with {cash[s]} in hand: out of the game, and those tins go "
            "to nobody."
        )
    return lines


def _fill_words(step: Step, s: int, buying: bool) -> str:
    order = step.orders[s]
    assert order is not None
    wanted, price = order
    got = step.fills[s]
    if wanted == 0:
        return f"{seat(s)} {'did not buy' if buying else 'offered none for sale'}"
    if buying:
        if s in step.went_out:
            return f"{seat(s)} got {_of(got, wanted)} at {price} a tin but could not pay"
        if price == 0:
            # An offer of 0 takes only the tins that every better offer left, for nothing.
            return f"{seat(s)} asked for {tins(wanted)} at 0, for free leftovers, and got {got}"
        if got == 0:
            return f"{seat(s)} offered {price} a tin for {tins(wanted)} and got none"
        return f"{seat(s)} bought {_of(got, wanted)} at {price} a tin ({got * price} in all)"
    if got == 0:
        return f"{seat(s)} asked {price} a tin for {tins(wanted)} and sold none"
    return f"{seat(s)} sold {_of(got, wanted)} at {price} a tin ({got * price} in all)"


def _of(got: int, wanted: int) -> str:
    if got == wanted:
        return f"all {wanted}" if wanted > 1 else "1 tin"
    return f"{'none' if got == 0 else got} of {wanted}"


def _ending(state: MiddlemanState, winners: Sequence[int]) -> str:
    if not winners:
        return "The game is over: every trader went out, and nobody wins."
    cash = state.cash[winners[0]]
    if len(winners) > 1:
        return f"The game is over. Shared win: {_and(seat(w) for w in winners)}, with {cash} each."
    return f"The game is over. Winner: {seat(winners[0])}, with {cash}."


# --- the recap: how each trader finished --------------------------------------------------------


def recap(state: MiddlemanState) -> list[str]:
    """Once the game is over, one sentence per trader on what decided its game."""
    final = rules.result(state)
    if final is None:
        return []
    return [_recap_line(state, s, final.winners) for s in range(state.players)]


def _recap_line(state: MiddlemanState, who: int, winners: Sequence[int]) -> str:
    out_step = next((i for i, st in enumerate(state.history) if who in st.went_out), None)
    if out_step is not None:
        step = state.history[out_step]
        order = step.orders[who]
        assert order is not None
        cash = cash_before(state, out_step)[who]
        got = step.fills[who]
        return (
            f"{seat(who)} went out in round {step.round}: served {tins(got)} at {order[1]} a tin, "
            f"{got * order[1]} to pay with {cash} in cash"
        )
    bought = paid = sold = earned = 0
    for step in state.history:
        order = step.orders[who]
        if order is None:
            continue
        if step.side == "buy":
            bought += step.fills[who]
            paid += step.fills[who] * order[1]
        else:
            sold += step.fills[who]
            earned += step.fills[who] * order[1]
    if who in winners:
        verb = "shared the win with" if len(winners) > 1 else "won with"
    else:
        verb = "finished with"
    text = f"{seat(who)} {verb} {state.cash[who]}: "
    if bought == 0:
        return text + "bought no tins"
    text += f"bought {tins(bought)} for {paid} ({_each(paid, bought)} a tin)"
    if sold:
        text += f" and sold {tins(sold)} for {earned} ({_each(earned, sold)} a tin)"
    else:
        text += " and sold none"
    if state.tins[who]:
        text += f"; {tins(state.tins[who])} left unsold, worth nothing"
    return text


def _each(total: int, count: int) -> str:
    """An average to one decimal, without a trailing ".0"."""
    return f"{total / count:.1f}".removesuffix(".0")


# --- moves ------------------------------------------------------------------------------------


def move_words(state: MiddlemanState, who: int, action: Any) -> str:
    """A move as it is made in `state`: "Offer 3 a tin for 2 tins", "Sell 4 tins at 7 a tin"."""
    if isinstance(action, Rows):
        return "Write rows A and D"
    if isinstance(action, Buy):
        if action.tins == 0:
            return "Buy nothing this round"
        if action.price == 0:
            return f"Ask for {tins(action.tins)} at 0 a tin (only tins nobody else buys)"
        text = f"Offer {action.price} a tin for {tins(action.tins)}"
        cost = action.tins * action.price
        if 0 <= who < state.players and cost > state.cash[who]:
            text += f" ({cost} if all are served, with {state.cash[who]} in hand)"
        return text
    if isinstance(action, Sell):
        if action.tins == 0:
            return "Sell nothing this round"
        return f"Sell {tins(action.tins)} at {action.price} a tin"
    return str(action)


# --- figures ----------------------------------------------------------------------------------


def history_sentences(state: MiddlemanState) -> list[list[str]]:
    """Every resolved step in sentences, in order (`step_sentences` of each)."""
    cash = (state.variant.start_cash(state.players),) * state.players  # Middleman §2
    out = []
    for step in state.history:
        sentences, cash = _told(step, cash)
        out.append(list(sentences))
    return out


@functools.lru_cache(maxsize=4096)
def _told(step: Step, cash: tuple[int, ...]) -> tuple[tuple[str, ...], tuple[int, ...]]:
    """A step's sentences and each trader's cash after it, from the cash before it; cached, since
    every view of a table tells its whole history again."""
    return tuple(step_sentences(step, cash)), tuple(_after(step, cash))


def _after(step: Step, cash: Sequence[int]) -> list[int]:
    """Each trader's cash after `step`: tins bought paid for, tins sold paid (a void fill: not)."""
    sign = -1 if step.side == "buy" else 1
    return [
        c if order is None or s in step.went_out else c + sign * step.fills[s] * order[1]
        for s, (c, order) in enumerate(zip(cash, step.orders, strict=True))
    ]


def cash_before(state: MiddlemanState, index: int) -> list[int]:
    """Each trader's cash before the history's step `index` (from the public sheets)."""
    cash = [state.variant.start_cash(state.players)] * state.players  # Middleman §2
    for step in state.history[:index]:
        cash = _after(step, cash)
    return cash


def _and(items: Iterable[str]) -> str:
    listed = list(items)
    if len(listed) <= 1:
        return "".join(listed)
    return ", ".join(listed[:-1]) + " and " + listed[-1]
