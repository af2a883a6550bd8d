"""The heuristic bot's magic: where each magic move pays, read from the seat's view.

It places and funds labs on likely numbers, founds shops from successful labs, casts spells at the
leader, brews and sets potions, sells Mead and spare spells, plays golems to attack the leader's
best stack and defend its own, plays decrees for its own counters, proposes and votes regulations
that cost it least, uses crowns before costly taxes, and calls a monarchy as soon as it can.
Every wish is checked against the legal moves by the caller, so a wish the rules refuse is skipped.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import Any

from tradingfloor.games.merlin import appraisal as worth
from tradingfloor.games.merlin.appraisal import View

Wanted = list[dict[str, Any]]

SPARE_SPELLS = 2
"""Spells kept in hand; more are sold through a Spell Shop."""
LEAD = 1.2
"""A player this far ahead of the next calls for more volatility."""
VOTE_EVERY = 4
"""Orbits between such calls."""
VOLATILITY_TOP = 3
"""Volatility the leader asks for at most."""
SOUL = "souls"
"""The commodity that animates golems (the default data's name)."""
LAST_ORBITS = 2
"""The economy heuristic's gambling orbits (heuristic.LAST_ORBITS)."""


def magic_worth(view: View, card: str) -> float:
    """What a magic card from the deck is worth to its buyer, in gold (a rough guide for buying):
    a lab yields spells or recipes, a golem takes or guards yield, a decree gives a crown."""
    kind = view["catalogue"][card]["kind"]
    price = float(view["counters"]["cost_of_living"])
    return {"lab": 1.5 * price, "golem": 1.2 * price, "decree": 2.0 * price}.get(kind, 0.0)


def leader(view: View, seat: int) -> int | None:
    """The other player with the highest score, still in the game."""
    others = [p for p in view["players"] if p["seat"] != seat and not p["out"]]
    return max(others, key=lambda p: p["score"])["seat"] if others else None


def others_by_score(view: View, seat: int) -> list[Mapping[str, Any]]:
    others = [p for p in view["players"] if p["seat"] != seat and not p["out"]]
    return sorted(others, key=lambda p: -p["score"])


def turn(
    view: View,
    seat: int,
    me: Mapping[str, Any],
    reserve: int,
    may: Callable[[str], bool] = lambda kind: True,
) -> Iterator[dict[str, Any]]:
    """The magic moves worth making this turn, best first (each part reckoned only when the
    wishes before it were all refused). Moves of a type that `may` says the rules refuse now are
    not weighed."""
    magic = view.get("magic")
    if not magic:
        return
    if may("monarchy"):
        yield {"type": "monarchy"}
    yield from _crown(view, seat, me)
    yield from _decrees(view, seat, me)
    yield from _labs(view, seat, me, reserve)
    yield from _shops(view, seat, me)
    yield from _spells(view, seat, me)
    yield from _potions(view, seat, me)
    yield from _golems(view, seat, me, may)
    yield from _reclaims(view, me)
    yield from _allies(view, seat)
    yield from _table_votes(view, seat)


def buying(view: View, me: Mapping[str, Any], may: Callable[[str], bool]) -> Wanted:
    """`turn`'s wishes for the buying step, where of its moves only a reclaim may be offered."""
    if not view.get("magic") or not may("reclaim"):
        return []
    return _reclaims(view, me)


def _reclaims(view: View, me: Mapping[str, Any]) -> Wanted:
    """After its decree, take back the stakes that lose on average (a 7 likelier than their
    number); in the last orbits only a leader does (locking its lead), since a player behind
    gambles then on purpose. Never a stake the economy's sums would place again."""
    staked = [s for s in me["tableau"] if s["invested"]]
    if not staked:
        return []
    near_end = int(view["max_orbits"]) - int(view["orbit"]) < LAST_ORBITS
    if near_end and worth.score_gap(view, int(me["seat"])) > 0:
        return []
    return [{"type": "reclaim", "card": s["card"]} for s in staked if _losing(view, s, near_end)]


def _losing(view: View, stack: Mapping[str, Any], near_end: bool) -> bool:
    number, stake = int(stack["number"]), int(stack["invested"])
    if worth.investment_edge(view, number, stake) > 0:
        return False
    return near_end or worth.doubling_odds(view, number) < 0.5


def _allies(view: View, seat: int) -> Wanted:
    """Ally with the player furthest behind: its defenders may guard this player's stacks, and
    it is the least threat."""
    others = others_by_score(view, seat)
    if not others:
        return []
    last = others[-1]["seat"]
    if [seat, last] in view["magic"]["allies"]:  # (the view's pairs are lists)
        return []
    return [{"type": "ally", "seat": last, "allied": True}]


def _crown(view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
    """A crown skips a year's taxes: worth spending when spring is near and the tax is dear."""
    crowns = view["magic"]["crowns"][seat]
    if not crowns or crowns >= int(view["magic"].get("monarchy_crowns", 5)) - 2:
        return []
    return [{"type": "use_crown"}] if worth.months_to_taxes(view) <= 1 else []


def _decrees(view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
    """Play a King: lower what costs this player most, raise nothing that hurts it."""
    kings = [c for c in me["hand"] if view["catalogue"][c]["kind"] == "decree"]
    kings = [c for c in kings if c not in set(me["fresh"])]
    if not kings:
        return []
    labs = [lab for lab in view["magic"]["labs"] if lab["owner"] == seat]
    owned = worth.properties_owned(me, view)
    steps = {
        "cost_of_living": -1,
        "research_cost": -1 if labs else 1,
        "tax_rate": -1 if owned >= 2 else 0,
    }
    out: Wanted = [{"type": "play_decree", "card": kings[0], **steps}]
    for key in steps:  # "one" counter only, under that option: the first that helps
        out.append({"type": "play_decree", "card": kings[0], key: steps[key]})
    return out


def _labs(view: View, seat: int, me: Mapping[str, Any], reserve: int) -> Wanted:
    """Place labs from hand; fund the likeliest unfunded lab when the gold can be spared."""
    catalogue, fresh = view["catalogue"], me["fresh"]
    out: Wanted = [
        {"type": "place", "card": card}
        for card in me["hand"]
        if catalogue[card]["kind"] == "lab" and card not in fresh
    ]
    counters = view["counters"]
    cost = int(counters["research_cost"])
    # a card researched is worth about a permit: dearer research does not pay
    if int(me["gold"]) - reserve - cost < 0 or cost > int(counters["cost_of_living"]):
        return out
    mine = [lab for lab in view["magic"]["labs"] if lab["owner"] == seat and not lab["grant"]]
    if mine:
        best = max(mine, key=lambda lab: worth.roll_odds(_number(view, lab["card"])))
        out.append({"type": "fund_lab", "lab": best["card"]})
    return out


def _shops(view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
    """Found a shop on the best free property; sell Mead and spare spells."""
    magic = view["magic"]
    out = _found_shops(magic, seat, me)
    mine = [s for s in magic["shops"] if s["seat"] == seat]
    if mine:
        out += _run_shops(view, seat, mine)
    spare = magic["hands"][seat].get("spells_held", [])[SPARE_SPELLS:]
    if spare:
        out += _sell_spells(magic, seat, spare)
    return out


def _found_shops(magic: Mapping[str, Any], seat: int, me: Mapping[str, Any]) -> Wanted:
    """A shop from each successful lab with its grant, on each free property, best first."""
    granted = [
        lab["card"]
        for lab in magic["labs"]
        if lab["owner"] == seat and lab["successful"] and lab["grant"]
    ]
    if not granted:
        return []
    free = [s for s in me["tableau"] if s["top"] is None and not s["invested"]]
    free.sort(key=lambda s: -float(s["value"]))
    return [{"type": "found_shop", "lab": lab, "on": s["card"]} for lab in granted for s in free]


def _run_shops(view: View, seat: int, mine: list[Mapping[str, Any]]) -> Wanted:
    """Sell Mead through its Brewery while it pays; open its Spell Shops to others' spells."""
    out: Wanted = []
    price = int(view["counters"]["cost_of_living"])
    if any(s["kind"] == "brewery" for s in mine):
        value = worth.commodity_value(view, view["commodities"][-1], seat)
        if 2 * value <= price and worth.bank_share(view, price) > 0.5:
            out.append({"type": "sell_mead"})  # only while the bank can pay for it
    fee = max(1, price // 2)
    for shop in mine:  # others' spells sold through it pay the owner a fee
        if shop["kind"] == "spell_shop" and shop["open_fee"] is None:
            out.append({"type": "open_shop", "shop": shop["on"], "fee": fee})
    return out


def _sell_spells(magic: Mapping[str, Any], seat: int, spare: list[Mapping[str, Any]]) -> Wanted:
    """The spells beyond those it keeps, through each Spell Shop it may use."""
    usable = [
        s
        for s in magic["shops"]
        if s["kind"] == "spell_shop" and (s["seat"] == seat or s["open_fee"] is not None)
    ]
    return [
        {"type": "sell_spell", "spell": spell["card"], "shop": shop["on"], "seat": shop["seat"]}
        for shop in usable
        for spell in spare
    ]


def _spells(view: View, seat: int, me: Mapping[str, Any]) -> Iterable[dict[str, Any]]:
    """Cast each spell at the leader's best target (then the others'), credited to its lab."""
    held = view["magic"]["hands"][seat].get("spells_held", [])
    return _casts(view, seat, held) if held else ()


def _casts(view: View, seat: int, held: list[Mapping[str, Any]]) -> Iterator[dict[str, Any]]:
    """`_spells`' wishes: a player's targets are weighed only when every wish before was
    refused. A spell is cast only at a target its aim allows (magic/spells.py `_kind_targets`):
    a player, the newest reading, or another player's card; wishes of another shape would all
    be refused, so they are not made (nor the stacks' worths behind them)."""
    targets = others_by_score(view, seat)
    aims = view["magic"]["catalogue"]["spells"]
    for spell in held:
        card = spell["card"]
        aim = aims.get(spell["name"], {}).get("target")
        if aim != "reading":
            for other in targets[:2]:
                for target in _spell_targets(view, other, aim):
                    yield {
                        "type": "cast_spell",
                        "spell": card,
                        "seat": other["seat"],
                        "card": target,
                        "credit": True,
                    }
        if aim in (None, "reading"):
            for reading in reversed(view["magic"]["field"]):
                yield {"type": "cast_spell", "spell": card, "card": reading["card"], "credit": True}


PLAYER_AIMS = ("player", "player_bought")
"""The aims of spells cast at a player (no card): `_kind_targets`' (seat, None) targets."""
AIMED_KINDS = {
    "property": ("property", "land", "specialized"),
    "specialized": ("specialized",),
    "stack": ("property", "land", "specialized", "chauffeur"),
}
"""The kinds of stack a spell of each aim is cast at, by the stack's property (`_kind_targets`)."""


def _spell_targets(view: View, other: Mapping[str, Any], aim: str | None) -> list[str | None]:
    """A player's cards a spell of `aim` may aim at, best first: stacks by worth, their labs, or
    none (None) for a spell cast at the player; where the aim is known, only the cards of the
    kind it is cast at (`_aimed`)."""
    if aim in PLAYER_AIMS:
        return [None]
    aimed = _aimed(view, other, aim)
    if aimed is not None and not aimed:
        return []  # (nothing of its kind: the stacks' worths need not be reckoned)
    stacks = sorted(other["tableau"], key=lambda s: -worth.stack_worth(view, s))
    labs = [lab["card"] for lab in view["magic"]["labs"] if lab["owner"] == other["seat"]]
    cards = [*(s["card"] for s in stacks), *(s["top"] for s in stacks if s["top"]), *labs]
    if aimed is None:
        return [None, *cards]
    return [card for card in cards if card in aimed]


def _aimed(view: View, other: Mapping[str, Any], aim: str | None) -> set[str] | None:
    """The cards of `other` a spell of `aim` is cast at (magic/spells.py `_kind_targets`: a land
    on a property, a lab, or the property of a stack of the aim's kinds); None for an aim not
    known here (every card is weighed then)."""
    tableau = other["tableau"]
    if aim == "land":
        return {s["top"] for s in tableau if s["kind"] == "land" and s["top"]}
    if aim == "lab":
        return {lab["card"] for lab in view["magic"]["labs"] if lab["owner"] == other["seat"]}
    kinds = AIMED_KINDS.get(aim or "")
    return None if kinds is None else {s["card"] for s in tableau if s["kind"] in kinds}


def _potions(view: View, seat: int, me: Mapping[str, Any]) -> Wanted:
    """Brew every recipe the commodities allow; set each potion where it may act."""
    hand = view["magic"]["hands"][seat]
    recipes = view["magic"]["catalogue"]["potions"]
    out: Wanted = [
        {"type": "brew", "recipe": r["card"]}
        for r in hand.get("recipes_held", [])
        if _brewable(recipes[r["name"]]["recipe"], me["goods"])
    ]
    potions = hand.get("potions_held", [])
    if not potions:
        return out  # (the stacks' worths below are reckoned only for a potion to set)
    stacks = sorted(me["tableau"], key=lambda s: -worth.stack_worth(view, s))
    for potion in potions:
        out.append({"type": "set_potion", "potion": potion["card"]})
        out += [{"type": "set_potion", "potion": potion["card"], "on": s["card"]} for s in stacks]
    return out


def _brewable(recipe: Mapping[str, int], goods: Mapping[str, int]) -> bool:
    """Whether the commodities held make the recipe (else the rules refuse to brew it:
    magic/potions.py `_why_brew`)."""
    return all(name in goods and goods[name] >= units for name, units in recipe.items())


def _golems(
    view: View, seat: int, me: Mapping[str, Any], may: Callable[[str], bool]
) -> Iterable[dict[str, Any]]:
    """Attackers on the leader's best stacks; defenders on this player's stacks under attack,
    else its best (none where `may` says the rules refuse every golem now)."""
    fresh = set(me["fresh"])
    golems = [c for c in me["hand"] if view["catalogue"][c]["kind"] == "golem" and c not in fresh]
    if not golems or not may("play_golem"):
        return ()  # (the stacks' worths are reckoned only for a golem to play)
    return _plays(view, seat, me, golems)


def _plays(
    view: View, seat: int, me: Mapping[str, Any], golems: list[str]
) -> Iterator[dict[str, Any]]:
    """`_golems`' wishes: a player's stacks are weighed only when every wish before was
    refused, its own only for a defender."""
    mine: list[Mapping[str, Any]] | None = None
    for card in golems:
        if view["catalogue"][card]["role"] == "defend":
            mine = _to_defend(view, seat, me) if mine is None else mine
            for s in mine:
                yield {"type": "play_golem", "card": card, "seat": seat, "on": s["card"]}
            continue
        for other in others_by_score(view, seat):
            stacks = sorted(other["tableau"], key=lambda s: -worth.stack_worth(view, s))
            for s in stacks:
                if s["kind"] != "chauffeur":
                    yield {
                        "type": "play_golem",
                        "card": card,
                        "seat": other["seat"],
                        "on": s["card"],
                    }


def _to_defend(view: View, seat: int, me: Mapping[str, Any]) -> list[Mapping[str, Any]]:
    """This player's stacks for a defender: those under attack first, each group by worth."""
    attacked = {
        g["on"] for g in view["magic"]["golems"] if g["seat"] == seat and g["role"] == "attack"
    }
    return sorted(
        me["tableau"], key=lambda s: (s["card"] not in attacked, -worth.stack_worth(view, s))
    )


def _table_votes(view: View, seat: int) -> Wanted:
    """A clear leader speeds the game up (volatility up), now and then: the others vote no
    while they trail, so asking every turn only costs the table time."""
    now = int(view["orbit"]) % VOTE_EVERY == 0
    if not now or int(view["magic"]["volatility"]) >= VOLATILITY_TOP:
        return []
    ahead = _my_score(view, seat) > LEAD * _best_other(view, seat)
    if not ahead or leader(view, seat) is None:
        return []
    return [{"type": "call_vote", "kind": "volatility_up"}]


def goods_kept(view: View, seat: int) -> Mapping[str, int]:
    """Commodities kept off the market for magic: Souls for the golems in hand, the
    ingredients of the recipes held (reckoned once per view: read, never changed)."""
    reckoned = worth.sums(view).kept
    key = f"goods_kept {seat}"
    found = reckoned.get(key)
    if found is None:
        found = reckoned[key] = _goods_kept(view, seat)
    return found  # type: ignore[no-any-return]


def _goods_kept(view: View, seat: int) -> dict[str, int]:
    magic = view.get("magic")
    if not magic:
        return {}
    me = view["players"][seat]
    kept: dict[str, int] = {}
    golems = sum(1 for c in me["hand"] if view["catalogue"][c]["kind"] == "golem")
    if golems:
        kept[SOUL] = golems
    recipes = magic["catalogue"]["potions"]
    for held in magic["hands"][seat].get("recipes_held", []):
        for name, units in recipes[held["name"]]["recipe"].items():
            kept[name] = kept.get(name, 0) + int(units)
    return kept


def answer(view: View, seat: int) -> Wanted:
    """A vote under way: proposals that hurt others more than this player, yes or no."""
    ballot = view["magic"]["ballot"] or {}
    kind = str(ballot.get("kind", ""))
    ahead = _my_score(view, seat) > _best_other(view, seat)
    if kind == "propose":
        return [{"type": "propose", "proposal": p} for p in _proposals(view, seat)]
    if kind == "regulate":
        mine = _proposals(view, seat)
        choices = [c for c in mine if c in ballot.get("choices", [])] + list(
            ballot.get("choices", [])
        )
        return [{"type": "magic_vote", "choice": c} for c in choices]
    if kind in ("volatility_up", "jokers_in"):
        return [{"type": "magic_vote", "choice": "yes" if ahead else "no"}]
    if kind in ("volatility_down", "jokers_out"):
        return [{"type": "magic_vote", "choice": "no" if ahead else "yes"}]
    if kind == "reshuffle":
        return [{"type": "magic_vote", "choice": "no" if ahead else "yes"}]
    return [{"type": "magic_vote", "choice": "yes"}, {"type": "magic_vote", "choice": "no"}]


def _proposals(view: View, seat: int) -> list[str]:
    """Regulations that cost this player least: a duty on spells it does not cast, a licence for
    golems it does not play; deleting one that costs it; else none."""
    magic = view["magic"]
    active = {r["name"] for r in magic["regulations"]}
    held = magic["hands"][seat]
    me = view["players"][seat]
    golems = any(view["catalogue"][c]["kind"] == "golem" for c in me["hand"])
    out: list[str] = []
    if "spell_duty" in active and held.get("spells"):
        out.append("delete:spell_duty")
    if "golem_licence" in active and golems:
        out.append("delete:golem_licence")
    if not held.get("spells") and "spell_duty" not in active:
        out.append("add:spell_duty")
    if not golems and "golem_licence" not in active:
        out.append("add:golem_licence")
    return [*out, "none"]


def _number(view: View, card: str) -> int:
    return int(view["catalogue"][card]["number"])


def _my_score(view: View, seat: int) -> float:
    return float(view["players"][seat]["score"])


def _best_other(view: View, seat: int) -> float:
    others = [p["score"] for p in view["players"] if p["seat"] != seat and not p["out"]]
    return float(max(others, default=0))


def use_values(view: View, seat: int, kept: Mapping[str, int]) -> dict[str, float]:
    """What one more unit of each commodity is worth to this player for its magic (none without
    it; a commodity left out is worth 0): a Soul animates a golem it holds, a unit completes a
    recipe it holds (`kept`: `goods_kept`), Essence Grain sells as Mead through its Brewery."""
    magic = view.get("magic")
    if not magic:
        return {}
    price = float(view["counters"]["cost_of_living"])
    goods = view["players"][seat]["goods"]
    values = {  # a golem or a potion waits for it
        name: price for name, wanted in kept.items() if name in goods and goods[name] < wanted
    }
    if any(s["seat"] == seat and s["kind"] == "brewery" for s in magic["shops"]):
        grain = view["commodities"][-1]  # two units sell as Mead for the cost of the living
        values[grain] = max(values.get(grain, 0.0), price / 2)
    return values
