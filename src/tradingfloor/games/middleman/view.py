"""What each seat may know of a Middleman table (RULINGS Middleman 3)."""

from __future__ import annotations

from typing import Any

from tradingfloor.games.middleman import rules, words
from tradingfloor.games.middleman.forecast import outlook_of_view
from tradingfloor.games.middleman.state import PRINTED, MiddlemanState, Step


def view(state: MiddlemanState, seat: int | None) -> dict[str, Any]:
    """The table as `seat` sees it: public sheets and history, its own rows and sealed order."""
    out = _table(state, seat, _history(state))
    out["status"] = words.status(state)
    out["chapter"] = words.chapter(state)
    out["news"] = words.news(state)
    if state.phase in ("buy", "sell"):
        out["forecast"] = _forecast(out)
    result = rules.result(state)
    if result is not None:
        out["result"] = result.to_json()
        out["recap"] = words.recap(state)
    return out


def table_view(state: MiddlemanState, seat: int | None) -> dict[str, Any]:
    """`view` without the words and the forecast (status, chapter, news, recap, result): what
    the RL encoder reads, every entry equal to the view's. Its history is the one last made for
    this history, shared by the table views that show it: nobody may change it."""
    return _table(state, seat, _shared_history(state))


def _table(state: MiddlemanState, seat: int | None, history: list[Any]) -> dict[str, Any]:
    """The table part of a view (in the view's key order): sheets, history, own rows."""
    committed = [state.sealed[s] is not None for s in range(state.players)]
    rounds = state.variant.rounds
    out: dict[str, Any] = {
        "game": "middleman",
        "seat": seat,
        "round": min(state.round, rounds),
        "rounds": rounds,
        "phase": state.phase,
        "guarded": state.guarded,
        "actors": list(rules.actors(state)),
        "players": [
            {
                "seat": s,
                "cash": state.cash[s],
                "tins": state.tins[s],
                "out": state.out[s],
                "committed": committed[s],
            }
            for s in range(state.players)
        ],
        "history": history,
    }
    if state.variant != PRINTED:
        # Only a research variant says so: the printed game's view reads as it always has.
        out["variant"] = {"digits": state.variant.digits, "top_price": state.variant.top_price}
        if state.variant.starting_cash is not None:
            out["variant"]["starting_cash"] = state.variant.starting_cash
    if seat is not None and 0 <= seat < state.players:
        out["rows"] = _own_rows(state, seat)
        sealed = state.sealed[seat]
        out["order"] = sealed.to_json() if sealed is not None else None
    return out


def _history(state: MiddlemanState) -> list[dict[str, Any]]:
    """Every resolved step as the view lists it: its table and its sentences."""
    return [
        {**_step_table(step), "text": text}
        for step, text in zip(state.history, words.history_sentences(state), strict=True)
    ]


_last_history: list[tuple[Any, list[dict[str, Any]]]] = [((), [])]
"""The history last listed for a table view, with the (immutable) steps it lists: a history
changes once a step, while the table views of every seat and turn between show it."""


def _shared_history(state: MiddlemanState) -> list[dict[str, Any]]:
    steps, listed = _last_history[0]
    if steps is not state.history:
        listed = _history(state)
        _last_history[0] = (state.history, listed)  # one tuple, replaced whole (threads)
    return listed


def _forecast(seen: dict[str, Any]) -> list[dict[str, Any]]:
    """The coming rounds' expected supply and demand, from what the seat has seen (its own rows,
    the digits every other row has left: forecast.py)."""
    return [
        {
            "round": item.round,
            "supply": round(item.supply, 1),
            "demand": round(item.demand, 1),
            "supply_range": list(item.supply_range),
            "demand_range": list(item.demand_range),
            "market": item.market,
        }
        for item in outlook_of_view(seen)
    ]


def _own_rows(state: MiddlemanState, seat: int) -> dict[str, list[int]] | None:
    """A seat's own rows: the ones it has written, or its sealed draft before everyone has."""
    if state.rows_a[seat] is not None:
        return {"a": list(state.rows_a[seat] or ()), "d": list(state.rows_d[seat] or ())}
    draft = state.sealed[seat]
    if draft is not None and draft.type == "rows":
        return {"a": list(draft.a), "d": list(draft.d)}  # type: ignore[union-attr]
    return None


def _step_table(step: Step) -> dict[str, Any]:
    """A resolved step in the rule text's layout: one column per seat."""
    return {
        "round": step.round,
        "side": step.side,
        "market": step.market,
        "seats": [
            {
                "seat": s,
                "tins": None if order is None else order[0],
                "price": None if order is None else order[1],
                "digit": step.digits[s],
                "filled": 0 if s in step.went_out else step.fills[s],
                "void": step.fills[s] if s in step.went_out else 0,
                "went_out": s in step.went_out,
            }
            for s, order in enumerate(step.orders)
        ],
    }
