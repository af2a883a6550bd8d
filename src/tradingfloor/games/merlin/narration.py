"""Where a Merlin game stands, its chapters and how it ended, in words (seats as `{seat:N}`)."""

from __future__ import annotations

from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.rules import result, score
from tradingfloor.games.merlin.seasons import season
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.taxes import properties_owned
from tradingfloor.games.merlin.words import card, seat


def status(state: MerlinState) -> str:
    """One line: the auction, or the orbit, season and step; the page adds whose move it is."""
    core = state.core
    if core.phase == "over":
        return "The game is over"
    if core.phase == "auction":
        contest = core.auction.queue[0] if core.auction and core.auction.queue else None
        if contest is not None and contest.kind == "rank":
            first, last = contest.first_place + 1, contest.first_place + len(contest.seats)
            return f"Turn order · rank auction for places {first} to {last}"
        if contest is not None and contest.kind == "barter":  # finance: a tie for a place
            return f"Turn order · bartering for place {contest.first_place + 1}"
        if contest is not None and contest.kind == "sale":  # finance: a tie for last
            return f"Turn order · place {contest.first_place + 1}, tied for last, on sale"
        return "Turn order · sealed bids"
    where = f"Orbit {core.orbit + 1} of {state.config.max_orbits} · {season(state)}, year "
    where += str(core.counters.year)
    if core.phase == "vote":
        return f"{where} · the spring vote on the tax rate"
    if state.economy.offer is not None:
        return f"{where} · an offer of {card(state.economy.offer.card)} awaits its answer"
    return f"{where} · {seat(core.current)}'s turn"


def chapter(state: MerlinState) -> str:
    """The part of the game a replay jumps to: the auction, then each year."""
    if state.core.phase == "auction":
        return "Turn order"
    return f"Year {state.core.counters.year}"


def recap(state: MerlinState) -> list[str]:
    """Once the game is over: for each seat, its score and what made it."""
    final = result(state)
    if final is None:
        return []
    return [_line(state, s, s in final.winners) for s in range(state.players)]


def _line(state: MerlinState, who: int, won: bool) -> str:
    if state.core.out[who]:
        return f"{seat(who)} went out of the game: bankrupt for a year, taxes unpaid"
    owned = properties_owned(state, who)
    text = f"{seat(who)} {'won with' if won else 'finished with'} {score(state, who)}: "
    text += f"{state.core.gold[who]} gold in hand and {owned} "
    text += "property" if owned == 1 else "properties"
    stored = sum(s.stored for s in state.economy.tableaux[who])
    if stored:
        text += f", {stored} gold in a Chauffeur"
    lands = sum(
        1
        for s in state.economy.tableaux[who]
        if s.top is not None and cards.is_land(state.config, s.top)
    )
    if lands:
        text += f", {lands} land" + ("" if lands == 1 else "s")
    early = state.economy.permits_out
    if early is not None:
        text += f"; held {early[who]} of the properties when the deck ran out of permits"
    return text
