"""Trades between players and the road roll (MERLIN-MODULES.md §3.2).

Trading Between Players: "When trading with others for commodities and other items that can be
traded on the market, a D6 is rolled by both players to determine if the paths between kingdoms is
safe. If either player rolls a one the trade is void, and all their items are stolen and
reshuffled into the deck or their gold is given back to the central bank. If the trading partners
have ever targeted each other with spells, then this also happens when a two is rolled."

A trade is an offer (offers.py): the author names what they give (gold, units of one commodity, a
spell or recipe card from their hand, crowns) and what they get; the other player accepts or
declines. On accepting, each rolls one public die, the author first. Bandit Roads (a spell on
either party) widens the faces that void the trade; a Safe Passage set before either party makes
the roll count as the die's highest faces. Property sales and the market never roll.
"""

from __future__ import annotations

import random
from typing import Any

from tradingfloor.core.actions import Action
from tradingfloor.core.draws import below
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin.finance.actions import ProposeTrade
from tradingfloor.games.merlin.finance.offers import ANSWERS, Answer, make_offer, why_no_offer
from tradingfloor.games.merlin.finance.phrases import bundle_words as said
from tradingfloor.games.merlin.finance.state import Bundle, Proposal
from tradingfloor.games.merlin.finance.table import (
    commodity_index,
    figures_of,
    finance_of,
    with_finance,
)
from tradingfloor.games.merlin.ledger import add_gold, put, to_bank
from tradingfloor.games.merlin.magic.table import magic_of
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import ActionRule, Fields, Log, Module, Picker, event
from tradingfloor.games.merlin.state import MerlinState
from tradingfloor.games.merlin.words import gold, goods, seat

Hand = str  # "spells" or "recipes"


# --- what a side holds ---------------------------------------------------------------------------


def card_hand(state: MerlinState, who: int, card: str) -> Hand | None:
    """Which hand of `who` holds the spell or recipe card `card` (None: neither)."""
    if state.magic is None:
        return None
    for hand in ("spells", "recipes"):
        if any(h.card == card for h in getattr(state.magic, hand)[who]):
            return hand
    return None


def _crowns(state: MerlinState, who: int) -> int:
    return 0 if state.magic is None else magic_of(state).crowns[who]


def bundle(
    state: MerlinState,
    gold_: int,
    commodity: str | None,
    units: int,
    crowns: int,
    card: str | None = None,
    owner: int | None = None,
) -> Bundle:
    """One side of a trade from a form's fields (`owner` holds `card`)."""
    goods_: tuple[int, ...] = ()
    index = commodity_index(state, commodity) if commodity is not None else None
    if index is not None and units:
        row = [0] * len(state.config.content.commodities)
        row[index] = units
        goods_ = tuple(row)
    spells: tuple[str, ...] = ()
    recipes: tuple[str, ...] = ()
    if card is not None and owner is not None:
        if card_hand(state, owner, card) == "recipes":
            recipes = (card,)
        else:
            spells = (card,)
    return Bundle(gold=gold_, goods=goods_, spells=spells, recipes=recipes, crowns=crowns)


def _gives(state: MerlinState, a: ProposeTrade, author: int) -> Bundle:
    return bundle(
        state, a.give_gold, a.give_commodity, a.give_units, a.give_crowns, a.give_card, author
    )


def _gets(state: MerlinState, a: ProposeTrade) -> Bundle:
    return bundle(state, a.get_gold, a.get_commodity, a.get_units, a.get_crowns)


def why_short(state: MerlinState, who: int, side: Bundle, you: bool) -> str | None:
    """Why `who` cannot hand over `side` now (None: they can); worded to the author (`you`) or
    about the other player."""
    name = "you" if you else seat(who)
    holds = "hold" if you else "holds"
    if side.gold > state.core.gold[who]:
        return f"{name} {holds} only {gold(state.core.gold[who])}"
    names = state.config.content.commodities
    for index, units in enumerate(side.goods):
        if units > state.economy.goods[who][index]:
            held = state.economy.goods[who][index]
            return f"{name} {holds} only {held} {goods(names[index])}"
    for card in (*side.spells, *side.recipes):
        if card_hand(state, who, card) is None:
            return f"{name} {holds} no such spell or recipe card"
    if side.crowns > _crowns(state, who):
        return f"{name} {holds} only {_crowns(state, who)} crowns"
    return None


def _why_form(state: MerlinState, me: int, a: ProposeTrade) -> str | None:
    """A form that does not say a whole side: a commodity without units or units without one."""
    for commodity, units, side in (
        (a.give_commodity, a.give_units, "give"),
        (a.get_commodity, a.get_units, "get"),
    ):
        if commodity is not None and commodity_index(state, commodity) is None:
            known = ", ".join(goods(c) for c in state.config.content.commodities)
            return f"there is no commodity {commodity}; the commodities are {known}"
        if units and commodity is None:
            return f"name the commodity of the units you {side}"
        if commodity is not None and not units:
            return f"say how many units of {goods(commodity)} you {side}"
    magic = state.magic is not None
    if not magic and (a.give_card or a.give_crowns or a.get_crowns):
        return "spells, recipes and crowns come with the magic module, which is off in this game"
    return None


def _why_propose(state: MerlinState, me: int, a: ProposeTrade) -> str | None:
    why = why_no_offer(state)
    if why:
        return f"{why}; trade again on your next turn"
    if a.to == me or a.to >= state.players or state.core.out[a.to]:
        return f"{seat(a.to)} cannot trade with you; offer a player still in the game"
    why = _why_form(state, me, a)
    if why:
        return why
    give, get = _gives(state, a, me), _gets(state, a)
    if give.empty() or get.empty():
        # [R] a trade hands something over each way; a gift is no trade.
        return "a trade gives something and gets something; name both sides"
    return why_short(state, me, give, True) or why_short(state, a.to, get, False)


# --- the form ------------------------------------------------------------------------------------


def _partners(state: MerlinState, me: int) -> list[int]:
    return [s for s in state.core.in_game() if s != me]


def _cards_held(state: MerlinState, me: int) -> list[str]:
    if state.magic is None:
        return []
    return [h.card for hand in (state.magic.spells, state.magic.recipes) for h in hand[me]]


def _trade_fields(state: MerlinState, me: int) -> Fields:
    partners = _partners(state, me)
    if why_no_offer(state) or not partners:
        return {}
    names = list(state.config.content.commodities)
    mine = state.economy.goods[me]
    theirs = [state.economy.goods[s] for s in partners]
    return {
        "to": partners,
        "give_gold": range(state.core.gold[me] + 1),
        "give_commodity": [None, *(n for i, n in enumerate(names) if mine[i])],
        "give_units": range(max(mine, default=0) + 1),
        "give_card": [None, *_cards_held(state, me)],
        "give_crowns": range(_crowns(state, me) + 1),
        "get_gold": range(max(state.core.gold[s] for s in partners) + 1),
        "get_commodity": [None, *(n for i, n in enumerate(names) if any(t[i] for t in theirs))],
        "get_units": range(max((max(t, default=0) for t in theirs), default=0) + 1),
        "get_crowns": range(max(_crowns(state, s) for s in partners) + 1),
    }


def _trades(state: MerlinState, me: int) -> list[Action]:
    """Every legal trade (only called where the form's count is small)."""
    fields = _trade_fields(state, me)
    if not fields:
        return []
    rows: list[dict[str, Any]] = [{}]
    for name, values in fields.items():
        rows = [{**row, name: v} for row in rows for v in values]
    actions = [drawn(ProposeTrade, **row) for row in rows]
    return [a for a in actions if _why_propose(state, me, a) is None]


NOTHING: tuple[int, str | None, int, str | None, int] = (0, None, 0, None, 0)
"""A side that hands nothing over: what `_side` draws for a player who holds nothing."""


def _holds_any(state: MerlinState, who: int, card: bool) -> bool:
    """Whether `who` holds something `_side` draws from: gold, goods, a card (where `card`) or
    crowns."""
    if state.core.gold[who] or any(state.economy.goods[who]):
        return True
    if state.magic is None:
        return False
    magic = magic_of(state)  # (typed: its hands are read as fields, not looked up)
    return bool(magic.crowns[who] or (card and (magic.spells[who] or magic.recipes[who])))


def _side(
    state: MerlinState, who: int, rng: random.Random, card: bool
) -> tuple[int, str | None, int, str | None, int]:
    """Something `who` holds, at random: (gold, commodity, units, card, crowns), never empty
    unless `who` holds nothing."""
    names = state.config.content.commodities
    held = state.economy.goods[who]
    options: list[str] = []
    if state.core.gold[who]:
        options.append("gold")
    if any(held):
        options.append("goods")
    cards = _cards_held(state, who) if card else []
    if cards:
        options.append("card")
    crowns = _crowns(state, who)
    if crowns:
        options.append("crowns")
    if not options:
        return NOTHING
    # (each draw is `below`'s: rng.choice's and rng.randint's own, without their frames)
    what = options[below(len(options), rng)]
    if what == "gold":
        return 1 + below(state.core.gold[who], rng), None, 0, None, 0
    if what == "goods":
        indices = [i for i, n in enumerate(held) if n]
        index = indices[below(len(indices), rng)]
        return 0, names[index], 1 + below(held[index], rng), None, 0
    if what == "card":
        return 0, None, 0, cards[below(len(cards), rng)], 0
    return 0, None, 0, None, 1 + below(crowns, rng)


def _pick_trade(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    if why_no_offer(state):
        return None
    # [R] a trade hands something over each way (_why_propose refuses a gift): where the author
    # holds nothing, or no other player does, every trade drawn would be refused, so none is.
    if not _holds_any(state, me, True):
        return None
    partners = _partners(state, me)
    if not any(_holds_any(state, s, False) for s in partners):
        return None
    to = partners[below(len(partners), rng)]
    give, get = _side(state, me, rng, True), _side(state, to, rng, False)
    if give == NOTHING or get == NOTHING:
        return None  # _why_propose refuses a gift; known before the action is built
    # Not asked of _why_propose again: offers are left (asked above), `to` is another player in
    # the game, each side names a commodity with its units and holds what it hands over (`_side`
    # draws within the holdings), and neither side is empty; it allows every such trade.
    return drawn(
        ProposeTrade,
        to=to,
        give_gold=give[0],
        give_commodity=give[1],
        give_units=give[2],
        give_card=give[3],
        give_crowns=give[4],
        get_gold=get[0],
        get_commodity=get[1],
        get_units=get[2],
        get_crowns=get[4],
    )


def _apply_propose(state: MerlinState, me: int, a: ProposeTrade, log: Log) -> MerlinState:
    # RULINGS Merlin 2: table talk becomes a structured offer, answered by accept or decline.
    give, get = _gives(state, a, me), _gets(state, a)
    log.append(
        event(
            "trade_proposed",
            author=me,
            to=a.to,
            give=said(state, give),
            get=said(state, get),
        )
    )
    proposal = Proposal(id=0, kind="trade", author=me, to=a.to, give=give, get=get)
    return make_offer(state, proposal, log)


# --- the answer and the road roll ----------------------------------------------------------------


def _why_accept(state: MerlinState, offer: Proposal) -> str | None:
    short = why_short(state, offer.to, offer.get, True)
    if short:
        return f"{short}; decline the trade"
    if why_short(state, offer.author, offer.give, False):
        return f"{seat(offer.author)} no longer holds what they offered; decline the trade"
    return None


def void_faces(state: MerlinState, author: int, to: int) -> tuple[int, ...]:
    """The faces of either die that void a trade between `author` and `to` now."""
    road = figures_of(state).road
    faces = set(road.void)
    magic = state.magic
    if magic is not None and ((author, to) in magic.targeted or (to, author) in magic.targeted):
        faces |= set(road.void_if_targeted)
    for effect in _bandits(state, author, to):
        # Bandit Roads: "the road roll of the target's next trade fails on 1 to `amount`".
        faces |= set(range(1, effect.amount + 1))
    return tuple(sorted(faces))


def _bandits(state: MerlinState, author: int, to: int) -> list[Any]:
    if state.magic is None:
        return []
    from tradingfloor.games.merlin.magic.table import effects

    return [e for e in effects(state, "bandit_roads") if e.seat in (author, to)]


def _safe_passages(state: MerlinState, author: int, to: int) -> list[Any]:
    if state.magic is None:
        return []
    from tradingfloor.games.merlin.magic.table import potions_set

    return [p for who in (author, to) for p in potions_set(state, who, None, "safe_passage")]


def _spend_magic(state: MerlinState, author: int, to: int, log: Log) -> MerlinState:
    """The parties' Bandit Roads are spent by this roll, and their Safe Passages revealed."""
    if state.magic is None:
        return state
    from tradingfloor.games.merlin.magic.table import drop_effect, reveal_potion

    for effect in _bandits(state, author, to):
        state = drop_effect(state, effect)
    for placed in _safe_passages(state, author, to):
        state = reveal_potion(state, placed, log)
    return state


def road_roll(state: MerlinState, author: int, to: int, log: Log) -> tuple[MerlinState, bool]:
    """One public die per party, the author's first, drawn from the table's generator (so a
    replay rolls the same, and nobody sees it before); whether the trade is void."""
    die = figures_of(state).road.die
    cursor = state.rng.cursor()
    dice = (cursor.die(die), cursor.die(die))
    state = replace(state, rng=cursor.rng)
    faces = void_faces(state, author, to)
    safe = bool(_safe_passages(state, author, to))
    counted = (die, die) if safe else dice  # Safe Passage: "counts as 6 and 6"
    void = any(d in faces for d in counted)
    log.append(
        event(
            "road_roll",
            author=author,
            to=to,
            dice=list(dice),
            safe=safe,
            faces=list(faces),
            void=void,
        )
    )
    state = _spend_magic(state, author, to, log)
    state = with_finance(state, rolls=((author, dice[0]), (to, dice[1])))
    return state, void


def hand_over(state: MerlinState, giver: int, taker: int, side: Bundle) -> MerlinState:
    """`giver` hands `side` to `taker`: gold, units, cards (each keeps its source lab), crowns."""
    if side.gold:
        state = add_gold(add_gold(state, giver, -side.gold), taker, side.gold)
    state = _move_goods(state, giver, side.goods, taker)
    if state.magic is None:
        return state
    from tradingfloor.games.merlin.magic.table import add_held, find_held, remove_held, with_magic

    for hand, cards in (("spells", side.spells), ("recipes", side.recipes)):
        for card in cards:
            held = find_held(state, hand, giver, card)  # type: ignore[arg-type]
            assert held is not None
            state = remove_held(state, hand, giver, card)  # type: ignore[arg-type]
            state = add_held(state, hand, taker, held)  # type: ignore[arg-type]
    if side.crowns:
        crowns = state.magic.crowns
        crowns = put(crowns, giver, crowns[giver] - side.crowns)
        state = with_magic(state, crowns=put(crowns, taker, crowns[taker] + side.crowns))
    return state


def lose(state: MerlinState, giver: int, side: Bundle) -> MerlinState:
    """`side` stolen on the road: gold to the central bank, units back to the supply, cards
    reshuffled into their decks, crowns gone."""
    if side.gold:
        state = to_bank(add_gold(state, giver, -side.gold), side.gold)
    state = _move_goods(state, giver, side.goods, None)
    if state.magic is None:
        return state
    from tradingfloor.games.merlin.magic.table import remove_held, shuffle_custom, with_magic

    for hand, deck, cards in (
        ("spells", "spell_deck", side.spells),
        ("recipes", "recipe_deck", side.recipes),
    ):
        for card in cards:
            state = remove_held(state, hand, giver, card)  # type: ignore[arg-type]
            state = shuffle_custom(state, deck, [card])  # type: ignore[arg-type]
    if side.crowns:
        crowns = state.magic.crowns
        state = with_magic(state, crowns=put(crowns, giver, crowns[giver] - side.crowns))
    return state


def _move_goods(
    state: MerlinState, giver: int, units: tuple[int, ...], taker: int | None
) -> MerlinState:
    if not any(units):
        return state
    rows = [list(row) for row in state.economy.goods]
    for index, count in enumerate(units):
        rows[giver][index] -= count
        if taker is not None:
            rows[taker][index] += count
    goods_ = tuple(tuple(row) for row in rows)
    return replace(state, economy=replace(state.economy, goods=goods_))


def _accept(state: MerlinState, offer: Proposal, log: Log) -> MerlinState:
    state, void = road_roll(state, offer.author, offer.to, log)
    give, get = said(state, offer.give), said(state, offer.get)
    if void:
        # "all their items are stolen and reshuffled into the deck or their gold is given back
        # to the central bank": both sides are lost.
        state = lose(lose(state, offer.author, offer.give), offer.to, offer.get)
        log.append(event("trade_void", author=offer.author, to=offer.to, give=give, get=get))
        return state
    state = hand_over(state, offer.author, offer.to, offer.give)
    state = hand_over(state, offer.to, offer.author, offer.get)
    log.append(event("trade_done", author=offer.author, to=offer.to, give=give, get=get))
    return state


# --- secrets -------------------------------------------------------------------------------------


def keep_offered(state: MerlinState, me: int, rng: random.Random) -> MerlinState:
    """A card offered in a trade is known to lie in its author's hand: after the magic module deals
    the hidden cards again, it is put back there (swapped with whatever card took its place)."""
    if state.finance is None or state.magic is None:
        return state
    offer = finance_of(state).offer
    if offer is None or offer.kind != "trade" or offer.author == me:
        return state
    for hand, cards in (("spells", offer.give.spells), ("recipes", offer.give.recipes)):
        for card in cards:
            state = _swap_into(state, hand, offer.author, card)
    return state


def _swap_into(state: MerlinState, hand: str, owner: int, card: str) -> MerlinState:
    """`card` back into `owner`'s `hand`, trading places with one of the cards dealt there."""
    from tradingfloor.games.merlin.magic.table import with_magic

    magic = state.magic
    mine = list(getattr(magic, hand)[owner])
    if any(h.card == card for h in mine):
        return state
    slot = next((i for i, h in enumerate(mine) if h.card not in _offered(state)), None)
    if slot is None:
        return state
    displaced = mine[slot].card
    swap = {card: displaced, displaced: card}

    def moved(cards: tuple[Any, ...], held: bool) -> tuple[Any, ...]:
        if held:
            return tuple(replace(h, card=swap.get(h.card, h.card)) for h in cards)
        return tuple(swap.get(c, c) for c in cards)

    changes: dict[str, Any] = {}
    deck = "spell_deck" if hand == "spells" else "recipe_deck"
    changes[deck] = moved(getattr(magic, deck), False)
    kinds = ("spells",) if hand == "spells" else ("recipes", "potions")
    for kind in kinds:
        changes[kind] = tuple(moved(row, True) for row in getattr(magic, kind))
    if hand == "recipes":
        changes["set_potions"] = tuple(
            replace(p, potion=replace(p.potion, card=swap.get(p.potion.card, p.potion.card)))
            for p in magic.set_potions
        )
    return with_magic(state, **changes)


def _offered(state: MerlinState) -> set[str]:
    offer = finance_of(state).offer
    return set() if offer is None else {*offer.give.spells, *offer.give.recipes}


# --- words ---------------------------------------------------------------------------------------


def _offer_words(state: MerlinState, offer: Proposal) -> str:
    faces = void_faces(state, offer.author, offer.to)
    return (
        f"{seat(offer.author)} gives {said(state, offer.give)} for {said(state, offer.get)} "
        f"(a road roll of {_faces(faces)} on either die loses both sides)"
    )


def _faces(faces: tuple[int, ...] | list[int]) -> str:
    faces = list(faces)
    if len(faces) > 1 and faces == list(range(faces[0], faces[-1] + 1)):
        return f"{faces[0]} to {faces[-1]}"
    return " or ".join(str(f) for f in faces) if faces else "nothing"


def _label(state: MerlinState, me: int, a: ProposeTrade) -> str:
    give, get = _gives(state, a, me), _gets(state, a)
    return f"Offer {seat(a.to)} {said(state, give)} for {said(state, get)}"


def _roll_words(e: dict[str, Any]) -> str:
    dice = e["dice"]
    text = f"Road roll: {seat(e['author'])} rolled {dice[0]}, {seat(e['to'])} rolled {dice[1]}"
    if e["safe"]:
        text += " (Safe Passage: the roll counts as the highest faces)"
    verdict = "bandits take the trade" if e["void"] else "the roads are safe"
    return f"{text}; {_faces(e['faces'])} loses the trade: {verdict}"


ANSWERS["trade"] = Answer(_why_accept, _accept, _offer_words)

# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _PickTrade(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_trade(state, seat, rng)


RULES = (
    ActionRule("propose_trade", _why_propose, _trades, _apply_propose, _PickTrade(), _trade_fields),
)

PART = Module(
    name="finance.trades",
    actions={"turn": RULES},
    redetermine=(keep_offered,),
)

LABELS = {"propose_trade": _label}
FORM_TITLES = {
    "propose_trade": "Offer another player a trade (both roll a die for the road when it is "
    "accepted)"
}
FIELD_LABELS = {
    "give_gold": "gold you give",
    "give_commodity": "commodity you give",
    "give_units": "units you give",
    "give_card": "spell or recipe you give",
    "give_crowns": "crowns you give",
    "get_gold": "gold you get",
    "get_commodity": "commodity you get",
    "get_units": "units you get",
    "get_crowns": "crowns you get",
}
NOTES = {
    "propose_trade": "When the trade is accepted, each of you rolls a die: a 1 on either (1 or 2 "
    "if either of you ever cast a spell at the other) and bandits take both sides: goods back to "
    "the supply, cards reshuffled, gold to the central bank. Up to 3 offers a turn."
}
EVENTS: dict[str, Any] = {
    "trade_proposed": lambda e: (
        f"{seat(e['author'])} offers {seat(e['to'])} {e['give']} for {e['get']}"
    ),
    "road_roll": _roll_words,
    "trade_done": lambda e: (
        f"The trade arrived: {seat(e['author'])} gave {e['give']} to {seat(e['to'])} for {e['get']}"
    ),
    "trade_void": lambda e: (
        f"Bandits on the road: {seat(e['author'])}'s {e['give']} and {seat(e['to'])}'s "
        f"{e['get']} are lost (goods to the supply, cards reshuffled, gold to the central bank)"
    ),
}
