"""The magic module: Spell Shops and Breweries, the specialized properties (MERLIN-MODULES.md
§2.4).

Spades: "When a funded and successful lab is placed perpendicular on a property, a Spell Shop is
created, reshuffle the spent spells under the lab into the deck. The research funds are given to
the Central Bank." Hearts: "the player can create a Brewery". Clubs: "Specialized properties like
Spell Shops and Breweries generate double property value of gold."
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final, Literal

from tradingfloor.core.actions import Action
from tradingfloor.core.unvalidated import drawn
from tradingfloor.games.merlin import cards
from tradingfloor.games.merlin.ledger import add_gold, bank_pays, earn, put, to_bank
from tradingfloor.games.merlin.magic.actions import FoundShop, OpenShop, SellMead, SellSpell
from tradingfloor.games.merlin.magic.labs import (
    deck_of_lab,
    drop_lab,
    lab_kind,
    own_lab,
    successful,
    title_of,
)
from tradingfloor.games.merlin.magic.spells import corrosion_on
from tradingfloor.games.merlin.magic.table import (
    content_of,
    count_play,
    find_held,
    magic_of,
    regulation,
    remove_held,
    shuffle_custom,
    with_magic,
)
from tradingfloor.games.merlin.memo import ByIdentity, kept
from tradingfloor.games.merlin.production import kind, rolled
from tradingfloor.games.merlin.records import replace
from tradingfloor.games.merlin.rulebook import (
    ActionRule,
    Lister,
    Log,
    Module,
    Payout,
    Picker,
    event,
)
from tradingfloor.games.merlin.state import Config, MerlinState, Stack
from tradingfloor.games.merlin.tableau import stack_of, unoccupied
from tradingfloor.games.merlin.words import card as card_words
from tradingfloor.games.merlin.words import gold, goods, seat

ShopKind = Literal["spell_shop", "brewery"]
MOST_FEE = 100
"""The highest fee an open Spell Shop may ask (the action's bound)."""


def shop_kind(state: MerlinState, stack: Stack) -> ShopKind | None:
    """A Spell Shop (a spade lab on a property), a Brewery (a heart lab), or None."""
    if stack.top is None or kind(state, stack) != "specialized":
        return None
    return "spell_shop" if lab_kind(state, stack.top) == "spell" else "brewery"


def shops_of(state: MerlinState, who: int, which: ShopKind) -> list[Stack]:
    return [s for s in state.economy.tableaux[who] if shop_kind(state, s) == which]


def _shop_words(which: str) -> str:
    return "Spell Shop" if which == "spell_shop" else "Brewery"


# --- founding -----------------------------------------------------------------------------------


def _why_found(state: MerlinState, me: int, action: FoundShop) -> str | None:
    lab = own_lab(state, me, action.lab)
    if lab is None:
        return f"you have no lab {card_words(action.lab)} on the table"
    if not lab.grant:
        return (
            f"{card_words(action.lab)} must be funded first: a shop is founded by a funded, "
            "successful lab"
        )
    if not successful(state, lab):
        need = content_of(state).figures.research.lab_successful
        return (
            f"{card_words(action.lab)} has {len(lab.credits)} spent cards credited under it; a lab "
            f"is successful with {need}: credit the spells or potions it made when you use them"
        )
    found = stack_of(state, me, action.on)
    if found is None or kind(state, found[1]) == "chauffeur":
        return f"you have no property {card_words(action.on)} on the table"
    if not unoccupied(found[1]):
        return f"{card_words(action.on)} is occupied (something lies on it or is invested in it)"
    return None


def _founds(state: MerlinState, me: int) -> list[Action]:
    free = [s.base for s in state.economy.tableaux[me] if unoccupied(s)]
    labs = [
        lab.card
        for lab in magic_of(state).labs
        if lab.owner == me and lab.grant and successful(state, lab)
    ]
    return [drawn(FoundShop, lab=lab, on=on) for lab in labs for on in free]


def _apply_found(state: MerlinState, me: int, action: FoundShop, log: Log) -> MerlinState:
    lab = own_lab(state, me, action.lab)
    found = stack_of(state, me, action.on)
    assert lab is not None and found is not None
    index, stack = found
    # "reshuffle the spent spells under the lab into the deck. The research funds are given to
    # the Central Bank."
    state = shuffle_custom(state, deck_of_lab(state, lab.card), lab.credits)
    state = to_bank(drop_lab(state, lab.card), lab.grant)
    eco = state.economy
    tableau = put(eco.tableaux[me], index, replace(stack, top=lab.card))
    state = replace(state, economy=replace(eco, tableaux=put(eco.tableaux, me, tableau)))
    which = "spell_shop" if lab_kind(state, lab.card) == "spell" else "brewery"
    log.append(
        event(
            "shop_founded",
            seat=me,
            lab=lab.card,
            on=action.on,
            shop=which,
            credits=len(lab.credits),
            grant=lab.grant,
        )
    )
    return count_play(state, which)


# --- double gold, maintenance, taxes, investing ---------------------------------------------------


def double_gold(state: MerlinState, payout: Payout, log: Log) -> tuple[MerlinState, Payout]:
    """Clubs: "Specialized properties like Spell Shops and Breweries generate double property value
    of gold" on the property's number."""
    if state.magic is None or payout.commodity is not None or payout.why != "roll":
        return state, payout
    found = stack_of(state, payout.owner, payout.card)
    if found is None or kind(state, found[1]) != "specialized":
        return state, payout
    times = content_of(state).figures.shops.gold_multiplier
    return state, replace(payout, gold=payout.gold * times)


def maintenance_due(state: MerlinState, stack: Stack) -> int:
    """The table's maintenance counter, Corrosion on this shop and a Maintenance Standard
    (Maintenance: "Maintenance is one gold, but can fluctuate")."""
    corrosion = corrosion_on(state, stack.base)
    extra = corrosion.amount if corrosion is not None else 0
    return magic_of(state).maintenance + extra + (regulation(state, "maintenance_standard") or 0)


def maintenance(state: MerlinState, log: Log) -> MerlinState:
    """Spades: "A Spell Shop does not generate spell cards, instead when the permit number is
    rolled a property maintenance is paid to the central bank"; in turn order from the roller."""
    if state.magic is None:
        return state
    number = rolled(state)
    if number not in _shop_numbers(state):
        return state  # (no shop has the number rolled: nothing to maintain; most rolls)
    for who in state.core.from_roller():
        for stack in state.economy.tableaux[who]:
            top = stack.top
            # (the number first: it rules out most stacks at the cost of one lookup)
            if top and cards.rank(state.config, top) == number and shop_kind(state, stack):
                state = _maintain(state, who, stack, log)
    return state


def _shop_numbers(state: MerlinState) -> frozenset[int]:
    """The numbers of the Spell Shops' and Breweries' labs on the table: the rolls that bring
    their maintenance."""
    config = state.config
    tableaux = state.economy.tableaux
    last = _last_shop_numbers.get("last")
    if last is not None and last[0] is tableaux and last[1] is config:
        return last[2]  # (the tableaux asked of last: most turns leave every tableau be)
    found = _SHOP_NUMBERS.find(tableaux)
    if found is None or found[0] is not config:
        numbers = frozenset(
            cards.rank(config, stack.top)
            for tableau in tableaux
            for stack in tableau
            if stack.top and shop_kind(state, stack)
        )
        found = _SHOP_NUMBERS.keep(tableaux, (config, numbers))
    _last_shop_numbers["last"] = (tableaux, config, found[1])
    return found[1]


_SHOP_NUMBERS: Final[ByIdentity[tuple[Config, frozenset[int]]]] = ByIdentity()
"""By the tableaux' identity (most turns leave every tableau be): the numbers of the shops' labs,
with the match they were read in."""
_last_shop_numbers: Final[dict[str, tuple[object, Config, frozenset[int]]]] = kept({})
"""Under "last": the tableaux asked of last, their match's configuration and their shops'
numbers (one look-up where `_SHOP_NUMBERS` hashes an identity; emptied by memo.forget)."""


def _maintain(state: MerlinState, who: int, stack: Stack, log: Log) -> MerlinState:
    """Maintenance paid as far as the gold in hand goes; the rest is owed to the central bank, and
    a player who owes it is bankrupt (pay_debt pays it)."""
    due = maintenance_due(state, stack)
    paid = min(due, state.core.gold[who])
    owed = due - paid
    state = to_bank(add_gold(state, who, -paid), paid)
    if owed:
        debts = magic_of(state).bank_debt
        state = with_magic(state, bank_debt=put(debts, who, debts[who] + owed))
        core = state.core
        if core.bankrupt_since[who] is None:
            since = put(core.bankrupt_since, who, core.counters.clock)
            state = replace(state, core=replace(core, bankrupt_since=since))
    log.append(
        event(
            "maintenance", seat=who, card=stack.base, lab=stack.top, due=due, paid=paid, owed=owed
        )
    )
    return state


def specialized_units(state: MerlinState, who: int) -> int:
    """Taxes: "multiplied by two for specialized properties": one more unit per Spell Shop or
    Brewery (its property already counts one)."""
    if state.magic is None:
        return 0
    units = content_of(state).figures.shops.tax_units
    shops = [s for s in state.economy.tableaux[who] if kind(state, s) == "specialized"]
    return (units - 1) * len(shops)


def invest_refusal(state: MerlinState, seat: int, card: str) -> str | None:
    """Why `seat` may not invest in their property `card` now, or None (Hearts: "Brewery cannot
    be invested in"; "Spell Shop's can be invested in")."""
    found = stack_of(state, seat, card)
    if found is not None and shop_kind(state, found[1]) == "brewery":
        return f"a Brewery cannot be invested in; {card_words(card)} sells Mead instead"
    return None


# --- selling spells -----------------------------------------------------------------------------


def open_fee(state: MerlinState, owner: int, shop: str) -> int | None:
    """The fee of `owner`'s Spell Shop on `shop` while it is open to others, or None."""
    if state.core.out[owner]:
        return None
    found = stack_of(state, owner, shop)
    if found is None or shop_kind(state, found[1]) != "spell_shop":
        return None
    fees = [fee for o, s, fee in magic_of(state).open_shops if (o, s) == (owner, shop)]
    return fees[0] if fees else None


def _routes(state: MerlinState, me: int) -> list[tuple[int, str, int]]:
    """(owner, shop, fee) of every Spell Shop `me` may sell through now."""
    out = [(me, s.base, 0) for s in shops_of(state, me, "spell_shop")]
    for owner, shop, _ in magic_of(state).open_shops:
        fee = open_fee(state, owner, shop)
        if owner != me and fee is not None and fee <= state.core.gold[me]:
            out.append((owner, shop, fee))
    return out


def _why_through(state: MerlinState, me: int, owner: int, shop: str) -> str | None:
    if owner == me:
        found = stack_of(state, me, shop)
        if found is None or shop_kind(state, found[1]) != "spell_shop":
            return (
                f"you have no Spell Shop on {card_words(shop)}; sell through another's open "
                "Spell Shop"
            )
        return None
    fee = open_fee(state, owner, shop) if 0 <= owner < state.players else None
    if fee is None:
        return f"{seat(owner)} has no Spell Shop on {card_words(shop)} open to others"
    if state.core.gold[me] < fee:
        return (
            f"selling through it costs a fee of {gold(fee)}; you hold {gold(state.core.gold[me])}"
        )
    return None


def _why_sell(state: MerlinState, me: int, action: SellSpell) -> str | None:
    if find_held(state, "spells", me, action.spell) is None:
        return "you hold no such spell; spells come from your funded spell labs"
    return _why_through(state, me, action.seat, action.shop)


def _sells(state: MerlinState, me: int) -> list[Action]:
    routes = _routes(state, me)
    return [
        drawn(SellSpell, spell=h.card, shop=shop, seat=owner)
        for h in magic_of(state).spells[me]
        for owner, shop, _ in routes
    ]


def _apply_sell(state: MerlinState, me: int, action: SellSpell, log: Log) -> MerlinState:
    """Spades: a Spell Shop grants "the ability to sell spells to the bank": for the cost of the
    living, paid as far as the central bank holds (RULINGS Merlin 5); through another's open shop
    the seller pays its fee to the owner. The sold spell is reshuffled into the spell deck."""
    fee = 0 if action.seat == me else open_fee(state, action.seat, action.shop) or 0
    state = remove_held(state, "spells", me, action.spell)
    if fee:
        state = earn(add_gold(state, me, -fee), action.seat, fee, "sales")
    due = state.core.counters.cost_of_living
    state, paid = bank_pays(state, me, due, "sales")
    log.append(
        event(
            "spell_sold",
            seat=me,
            title=title_of(state, action.spell),
            owner=action.seat,
            shop=action.shop,
            fee=fee,
            due=due,
            paid=paid,
        )
    )
    return shuffle_custom(state, "spell_deck", [action.spell])


def _why_open(state: MerlinState, me: int, action: OpenShop) -> str | None:
    found = stack_of(state, me, action.shop)
    if found is None or shop_kind(state, found[1]) != "spell_shop":
        return f"you have no Spell Shop on {card_words(action.shop)}"
    if action.fee is None and open_fee(state, me, action.shop) is None:
        return f"your Spell Shop on {card_words(action.shop)} is not open to others"
    return None


def _opens(state: MerlinState, me: int) -> list[Action]:
    out: list[Action] = []
    for stack in shops_of(state, me, "spell_shop"):
        if open_fee(state, me, stack.base) is not None:
            out.append(drawn(OpenShop, shop=stack.base, fee=None))
        out += [drawn(OpenShop, shop=stack.base, fee=fee) for fee in range(MOST_FEE + 1)]
    return out


def _pick_open(state: MerlinState, me: int, rng: random.Random) -> Action | None:
    shops = shops_of(state, me, "spell_shop")
    if not shops:
        return None
    shop = rng.choice(shops).base
    if open_fee(state, me, shop) is not None and rng.random() < 0.5:
        return drawn(OpenShop, shop=shop, fee=None)
    return drawn(OpenShop, shop=shop, fee=rng.randint(0, MOST_FEE))


def _apply_open(state: MerlinState, me: int, action: OpenShop, log: Log) -> MerlinState:
    # Spades: "the ability but not the obligation to allow other players to sell their spells to
    # the bank and/or other players using your Spell Shop on their turn".
    kept = tuple(o for o in magic_of(state).open_shops if (o[0], o[1]) != (me, action.shop))
    if action.fee is not None:
        kept = (*kept, (me, action.shop, action.fee))
    log.append(event("shop_opened", seat=me, shop=action.shop, fee=action.fee))
    return with_magic(state, open_shops=kept)


# --- Mead ---------------------------------------------------------------------------------------


def _grain(state: MerlinState) -> tuple[int, int]:
    """(commodity index, units) of a Mead sale."""
    figures = content_of(state).figures.shops
    return state.config.content.commodities.index(figures.mead_commodity), figures.mead_grain


def _why_mead(state: MerlinState, me: int, action: SellMead) -> str | None:
    if not shops_of(state, me, "brewery"):
        return "you have no Brewery; found one with a funded, successful potion lab"
    index, units = _grain(state)
    held = state.economy.goods[me][index]
    if held < units:
        name = goods(state.config.content.commodities[index])
        return f"Mead takes {units} {name}; you hold {held}"
    return None


SELL_MEAD = SellMead()  # the move has no fields: one action serves every turn


def _meads(state: MerlinState, me: int) -> list[Action]:
    return [] if _why_mead(state, me, SELL_MEAD) else [SELL_MEAD]


def _apply_mead(state: MerlinState, me: int, action: SellMead, log: Log) -> MerlinState:
    """Hearts: "A Brewery give the ability to sell a hand of two Essence Grain to the bank as Mead
    for the price of the current cost of the living", paid as far as the central bank holds (RULINGS
    Merlin 5); as often as the grain allows."""
    index, units = _grain(state)
    eco = state.economy
    row = list(eco.goods[me])
    row[index] -= units
    state = replace(state, economy=replace(eco, goods=put(eco.goods, me, tuple(row))))
    due = state.core.counters.cost_of_living
    state, paid = bank_pays(state, me, due, "sales")
    name = state.config.content.commodities[index]
    log.append(event("mead_sold", seat=me, commodity=name, units=units, due=due, paid=paid))
    return state


# --- words --------------------------------------------------------------------------------------


def _label_found(state: MerlinState, me: int, action: Any) -> str:
    which = "Spell Shop" if lab_kind(state, action.lab) == "spell" else "Brewery"
    return f"Found a {which}: your lab {card_words(action.lab)} on your {card_words(action.on)}"


def _label_sell(state: MerlinState, me: int, action: Any) -> str:
    price = gold(state.core.counters.cost_of_living)
    title = title_of(state, action.spell)
    text = f"Sell {title} to the central bank for {price}"
    if action.seat == me:
        return text + f" through your Spell Shop on {card_words(action.shop)}"
    fee = open_fee(state, action.seat, action.shop) or 0
    return (
        text + f" through {seat(action.seat)}'s Spell Shop on {card_words(action.shop)} "
        f"(a fee of {gold(fee)})"
    )


def _label_open(state: MerlinState, me: int, action: Any) -> str:
    shop = card_words(action.shop)
    if action.fee is None:
        return f"Close your Spell Shop on {shop} to others"
    return f"Open your Spell Shop on {shop} to others for a fee of {gold(action.fee)}"


def _label_mead(state: MerlinState, me: int, action: Any) -> str:
    index, units = _grain(state)
    name = goods(state.config.content.commodities[index])
    price = gold(state.core.counters.cost_of_living)
    return f"Sell {units} {name} to the central bank as Mead for {price}"


def _paid(e: Mapping[str, Any]) -> str:
    if e["paid"] < e["due"]:
        return f"{gold(e['paid'])} of the {e['due']} due (it holds no more)"
    return gold(e["paid"])


def _founded(e: Mapping[str, Any]) -> str:
    return (
        f"{seat(e['seat'])} founded a {_shop_words(e['shop'])}: the lab {card_words(e['lab'])} on "
        f"{card_words(e['on'])}; its {e['credits']} credits went back into the deck and its grant "
        f"of {gold(e['grant'])} to the central bank"
    )


def _maintained(e: Mapping[str, Any]) -> str:
    text = (
        f"{seat(e['seat'])} paid {gold(e['paid'])} maintenance for the shop on "
        f"{card_words(e['card'])} to the central bank"
    )
    return text + (f" and owes the bank {gold(e['owed'])} more" if e["owed"] else "")


def _sold(e: Mapping[str, Any]) -> str:
    text = f"{seat(e['seat'])} sold {e['title']} to the central bank for {_paid(e)}"
    if e["owner"] != e["seat"]:
        text += (
            f" through {seat(e['owner'])}'s Spell Shop on {card_words(e['shop'])}, paying a fee "
            f"of {gold(e['fee'])}"
        )
    return text


def _opened(e: Mapping[str, Any]) -> str:
    shop = card_words(e["shop"])
    if e["fee"] is None:
        return f"{seat(e['seat'])} closed the Spell Shop on {shop} to others"
    return (
        f"{seat(e['seat'])} opened the Spell Shop on {shop} to others for a fee of {gold(e['fee'])}"
    )


def _mead(e: Mapping[str, Any]) -> str:
    return (
        f"{seat(e['seat'])} sold {e['units']} {goods(e['commodity'])} to the central bank as Mead "
        f"for {_paid(e)}"
    )


LABELS = {
    "found_shop": _label_found,
    "sell_spell": _label_sell,
    "open_shop": _label_open,
    "sell_mead": _label_mead,
}
FORM_TITLES = {
    "open_shop": "Open your Spell Shop to others for a fee (or close it)",
    "sell_spell": "Sell a spell to the central bank through a Spell Shop",
    "found_shop": "Found a Spell Shop or Brewery with a successful lab",
}
FIELD_LABELS = {"shop": "Spell Shop on", "fee": "fee in gold", "lab": "lab"}
EVENTS = {
    "shop_founded": _founded,
    "maintenance": _maintained,
    "spell_sold": _sold,
    "shop_opened": _opened,
    "mead_sold": _mead,
}

# Each rule's pick and menu as a compiled method (rulebook.Picker, rulebook.Lister): random
# play asks several rules at every move, and calls these directly.


class _FoundsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _founds(state, seat)


class _SellsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _sells(state, seat)


class _PickOpen(Picker):
    def __call__(self, state: MerlinState, seat: int, rng: random.Random) -> Action | None:
        return _pick_open(state, seat, rng)


class _MeadsListed(Lister):
    def __call__(self, state: MerlinState, seat: int) -> list[Action]:
        return _meads(state, seat)


PART = Module(
    name="magic.shops",
    actions={
        "turn": (
            ActionRule("found_shop", _why_found, _FoundsListed(), _apply_found),
            ActionRule("sell_spell", _why_sell, _SellsListed(), _apply_sell),
            ActionRule("open_shop", _why_open, _opens, _apply_open, _PickOpen()),
            ActionRule("sell_mead", _why_mead, _MeadsListed(), _apply_mead),
        )
    },
    on_roll=(maintenance,),
    yield_filters=(double_gold,),
    tax_units=(specialized_units,),
)
