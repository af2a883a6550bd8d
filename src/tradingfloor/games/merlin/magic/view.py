"""What a seat may know of the magic table: everything on it, never another's hand, which potion
lies face down, the custom decks' order, or sealed proposals and votes (RULINGS Merlin 8).

Beside the figures, each card and sheet carries its words (`title`, `text`: what it does), so that
every interface explains the table in the draft's terms without knowing the content's names.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from tradingfloor.games.merlin import cards, words
from tradingfloor.games.merlin.magic import view_votes
from tradingfloor.games.merlin.magic.content import (
    MagicContent,
    Potion,
    ReadingCard,
    Regulation,
    Spell,
    Trigger,
    kind_of,
)
from tradingfloor.games.merlin.magic.state import (
    Effect,
    Golem,
    Held,
    Lab,
    Magic,
    Reading,
    Rule,
)
from tradingfloor.games.merlin.magic.table import content_of, magic_of
from tradingfloor.games.merlin.memo import ByIdentity, per_config, per_object
from tradingfloor.games.merlin.production import kind
from tradingfloor.games.merlin.sections import Parts, whole
from tradingfloor.games.merlin.state import MerlinState, Stack

Record = dict[str, Any]


def magic_view(state: MerlinState, seat: int | None) -> dict[str, Any]:
    """The `magic` section of a seat's view."""
    return whole(MAGIC_PARTS, state, seat)


# (entries of the magic section, which only a match with the module has: its parts are there)
MAGIC_PARTS: Parts = {
    "labs": lambda state, seat: per_object(
        state.magic.labs, "labs", lambda labs: _each(state, _lab, labs)
    ),
    "shops": lambda state, seat: _shops(state),
    "golems": lambda state, seat: _each(state, _golem, state.magic.golems),
    "damage": lambda state, seat: [
        {"seat": s, "on": on, "lost": lost} for s, on, lost in state.magic.damage
    ],
    "stacks": lambda state, seat: _stacks(state),
    "set_potions": lambda state, seat: _set_potions(state, seat),
    "field": lambda state, seat: _each(state, _field, state.magic.field),
    "effects": lambda state, seat: _each(state, _effect_record, state.magic.effects),
    "hands": lambda state, seat: _hands(state, seat),
    "crowns": lambda state, seat: list(state.magic.crowns),
    "monarchy_crowns": lambda state, seat: state.config.magic.figures.decrees.monarchy_crowns,
    "regulations": lambda state, seat: _each(state, _regulation, state.magic.regulations),
    "maintenance": lambda state, seat: state.magic.maintenance,
    "bank_debt": lambda state, seat: list(state.magic.bank_debt),
    "ballot": lambda state, seat: view_votes.ballot(state, seat),
    "jokers_in": lambda state, seat: state.magic.jokers_in,
    "volatility": lambda state, seat: state.magic.volatility,
    "allies": lambda state, seat: [list(pair) for pair in state.magic.allies],
    "targeted": lambda state, seat: [list(pair) for pair in state.magic.targeted],
    "decks": lambda state, seat: _decks(state.magic),
    "catalogue": lambda state, seat: per_config(
        state.config, "magic_catalogue", lambda: _catalogue(state.config.magic)
    ),
}
"""The `magic` section's entries, in its order (sections.py: made at once or as read)."""


def _set_potions(state: MerlinState, seat: int | None) -> list[Record]:
    """The potions set face down: whose and where; which potion only for its owner."""
    seen = _told(state)
    return [
        {
            "owner": p.owner,
            "on": p.on,
            "potion": _once(seen, state, _held_record, p.potion) if p.owner == seat else None,
        }
        for p in magic_of(state).set_potions
    ]


def _hands(state: MerlinState, seat: int | None) -> list[dict[str, Any]]:
    """Each seat's hand as `seat` sees it (kept while the hands are the same: most moves)."""
    magic = magic_of(state)
    held = (magic.spells, magic.recipes, magic.potions)
    found = _HANDS.find(magic.spells)
    if found is None or found[0] != held:  # (the same objects compare at once)
        found = _HANDS.keep(magic.spells, (held, {}))
    told = found[1]
    if seat not in told:
        seen = _told(state)
        told[seat] = [_hand(seen, state, magic, s, seat) for s in range(state.players)]
    return told[seat]


_HANDS: ByIdentity[tuple[tuple[Any, ...], dict[int | None, list[dict[str, Any]]]]] = ByIdentity()
"""Per table of spells: the hands it was told with, and the hands told to each seat."""


def _decks(magic: Magic) -> dict[str, int]:
    return {
        "spells": len(magic.spell_deck),
        "recipes": len(magic.recipe_deck),
        "readings": len(magic.reading_deck),
    }


# --- the table ------------------------------------------------------------------------------------

Item = TypeVar("Item")


Told = dict[Any, Record]
"""Labs, golems, readings, effects and held cards read the same whenever they are the same (equal
values): each is told once per match, and its record shared by the views showing it. One table
serves them all: items of different kinds are never equal."""


def _told(state: MerlinState) -> Told:
    """The match's table of told items."""
    return per_config(state.config, "magic_records", dict)


def _once(
    seen: Told, state: MerlinState, told: Callable[[MerlinState, Item], Record], item: Item
) -> Record:
    """`told(state, item)`, from `seen` when it was told before."""
    record = seen.get(item)
    if record is None:
        record = seen[item] = told(state, item)
    return record


def _each(
    state: MerlinState, told: Callable[[MerlinState, Item], Record], items: Iterable[Item]
) -> list[Record]:
    """Each of `items` told (`_once`): the list told last of the very same items (a part of the
    state, which most moves leave be), as each item's record is told once per match."""
    seen = _told(state)
    last = _LISTS.find(items)
    if last is not None and last[0] is seen and last[1] is told:
        return last[2]
    records = [_once(seen, state, told, item) for item in items]
    _LISTS.keep(items, (seen, told, records))
    return records


_LISTS: ByIdentity[tuple[Told, Callable[..., Record], list[Record]]] = ByIdentity()
"""Per part of a state (a tuple of items): the match's table of told items and the kind of
record it was told with, and the list told (read, never changed)."""


def _regulation(state: MerlinState, rule: Rule) -> Record:
    regulation = content_of(state).regulations[rule.name]
    return {
        "name": rule.name,
        "title": regulation.title,
        "value": rule.value,
        "text": _regulation_text(regulation, rule.value),
    }


def _field(state: MerlinState, reading: Reading) -> Record:
    return _reading(content_of(state), reading.card) | {"turn": reading.turn}


def _effect_record(state: MerlinState, effect: Effect) -> Record:
    return _effect(content_of(state), effect)


def _lab(state: MerlinState, lab: Lab) -> dict[str, Any]:
    research = content_of(state).figures.research
    spell = cards.suit(state.config, lab.card) == research.spell_suit
    number = cards.rank(state.config, lab.card)
    drawn = "a spell" if spell else "a potion recipe"
    return {
        "card": lab.card,
        "owner": lab.owner,
        "kind": "spell" if spell else "potion",
        "title": "Spell lab" if spell else "Potion lab",
        "number": number,
        "grant": lab.grant,
        "credits": len(lab.credits),
        "successful": len(lab.credits) >= research.lab_successful,
        "successful_at": research.lab_successful,
        # Spades: "When the number is rolled, the research funding is given to the central bank"
        "text": f"Draws {drawn} on {_a(number)} while funded; its grant then goes to the central "
        f"bank. {research.lab_successful} spent cards credited make it successful.",
    }


_SHOPS: ByIdentity[tuple[Any, list[Record]]] = ByIdentity()
"""Per table of tableaux: (the shops open to others, the shops told): the same while both are."""


def _shops(state: MerlinState) -> list[dict[str, Any]]:
    open_shops = magic_of(state).open_shops
    found = _SHOPS.find(state.economy.tableaux)
    if found is None or found[0] != open_shops:
        found = _SHOPS.keep(state.economy.tableaux, (open_shops, _shops_now(state)))
    return found[1]


def _shops_now(state: MerlinState) -> list[dict[str, Any]]:
    research = content_of(state).figures.research
    fees = {(s, on): fee for s, on, fee in magic_of(state).open_shops}
    out = []
    for seat, tableau in enumerate(state.economy.tableaux):
        for stack in tableau:
            if kind(state, stack) != "specialized" or stack.top is None:
                continue
            spell = cards.suit(state.config, stack.top) == research.spell_suit
            out.append(
                {
                    "seat": seat,
                    "on": stack.base,
                    "lab": stack.top,
                    "kind": "spell_shop" if spell else "brewery",
                    "title": "Spell Shop" if spell else "Brewery",
                    "number": cards.rank(state.config, stack.base),
                    "lab_number": cards.rank(state.config, stack.top),
                    "open_fee": fees.get((seat, stack.base)),
                    "text": _shop_text(state, stack, spell),
                }
            )
    return out


def _shop_text(state: MerlinState, stack: Stack, spell: bool) -> str:
    """Clubs: "Specialized properties like Spell Shops and Breweries generate double property
    value"; the lab's number pays the maintenance."""
    value = (
        cards.property_value(state.config, stack.base)
        * content_of(state).figures.shops.gold_multiplier
    )
    base, lab = (cards.rank(state.config, c) for c in (stack.base, stack.top or stack.base))
    trade = "sells spells to the bank" if spell else "sells Mead to the bank"
    return f"Yields {words.gold(value)} on {_a(base)}; pays the maintenance on {_a(lab)}; {trade}."


def _a(number: int) -> str:
    """ "a 6", "an 8", "an 11": a number as it is said."""
    return f"an {number}" if number in (8, 11, 18) else f"a {number}"


def _golem(state: MerlinState, golem: Golem) -> dict[str, Any]:
    figures = content_of(state).figures.golems
    stone = cards.rank(state.config, golem.card) == figures.stone_rank
    return {
        "card": golem.card,
        "owner": golem.owner,
        "seat": golem.seat,
        "on": golem.on,
        "role": golem.role,
        "hp": golem.hp,
        "hp_full": figures.hp.stone if stone else figures.hp.bronze,
        "type": "stone" if stone else "bronze",
        "title": "Stone golem" if stone else "Bronze golem",
        "acts_on": figures.stone_roll if stone else figures.bronze_roll,
    }


def _stacks(state: MerlinState) -> list[dict[str, Any]]:
    """Each stack with golems on it or damage: its hit points left of its full count
    (golem_fights.py's count: Jacks and Queens: "Properties with permits on top ... have two hit
    points", a defender adds "one additional hit point"), whether it is damaged (a permit on top:
    no gold) or in ruins, and whether an attacker takes its yield or both sides entrench it."""
    from tradingfloor.games.merlin.magic import golem_fights, golems

    magic = magic_of(state)
    if not magic.golems and not magic.damage:
        return []  # no stack has golems on it or damage
    lost = {(s, on): n for s, on, n in magic.damage}
    out = []
    for seat, tableau in enumerate(state.economy.tableaux):
        for stack in tableau:
            here = golems.golems_on(state, seat, stack.base)
            if not here and (seat, stack.base) not in lost:
                continue
            attackers = sorted((g for g in here if g.role == "attack"), key=lambda g: g.placed)
            defenders = [g for g in here if g.role == "defend"]
            out.append(
                {
                    "seat": seat,
                    "on": stack.base,
                    "hp": golem_fights.hit_points(state, seat, stack.base),
                    "hp_full": golem_fights.max_hp(state, seat, stack),
                    "attackers": len(attackers),
                    "defenders": len(defenders),
                    "damaged": bool(stack.top and lost.get((seat, stack.base))),
                    "ruined": golem_fights.ruined(state, seat, stack.base),
                    "entrenched": bool(attackers and defenders),
                    "held_by": attackers[0].owner if attackers and not defenders else None,
                }
            )
    return out


def _effect(content: MagicContent, effect: Effect) -> dict[str, Any]:
    """A lasting effect with the title and words of the card that made it."""
    source = _card_of_effect(content, effect.kind)
    title = source.title if source else effect.kind.replace("_", " ").capitalize()
    text = _effect_words(source) if source else ""
    on = []
    if effect.seat is not None:
        on.append(words.seat(effect.seat) + ("'s" if effect.card is not None else ""))
    if effect.card is not None:
        on.append(_card_words(content, effect.card))
    return {
        "kind": effect.kind,
        "seat": effect.seat,
        "card": effect.card,
        "amount": effect.amount,
        "title": title,
        "on": " ".join(on),
        "text": text,
    }


def _card_of_effect(content: MagicContent, name: str) -> Spell | Potion | ReadingCard | None:
    for group in (content.spells, content.potions, content.readings):
        for card in group.values():
            if card.effect == name or card.name == name:
                return card
    return None


def _card_words(content: MagicContent, code: str) -> str:
    """A playing card as it reads (10♦), or a custom card by its title."""
    if "." in code:
        name = kind_of(code)
        for group in (content.spells, content.potions, content.readings):
            if name in group:
                return group[name].title
    return words.card(code)


# --- hands ----------------------------------------------------------------------------------------


def _held(content: MagicContent, held: Held) -> dict[str, Any]:
    name = kind_of(held.card)
    card = content.spells.get(name) or content.potions.get(name)
    out: dict[str, Any] = {
        "card": held.card,
        "name": name,
        "title": card.title if card else name,
        "source": held.source,
        "text": _what(card) if card else "",
        "effect": _effect_words(card) if card else "",
    }
    if isinstance(card, Potion):
        out["recipe"] = _recipe(card)
    return out


def _held_record(state: MerlinState, held: Held) -> Record:
    return _held(content_of(state), held)


def _hand(
    seen: Told, state: MerlinState, magic: Magic, owner: int, seat: int | None
) -> dict[str, Any]:
    """Counts for everyone; the cards themselves only for their owner."""
    out: dict[str, Any] = {
        "spells": len(magic.spells[owner]),
        "recipes": len(magic.recipes[owner]),
        "potions": len(magic.potions[owner]),
    }
    if owner == seat:
        for hand in ("spells", "recipes", "potions"):
            held = getattr(magic, hand)[owner]
            out[f"{hand}_held"] = [_once(seen, state, _held_record, h) for h in held]
    return out


def _recipe(potion: Potion) -> str:
    """Brewing puts these back: "2 Elixir Oil", "1 Souls and 1 Essence Grain"."""
    parts = [f"{n} {words.goods(name)}" for name, n in potion.recipe.items()]
    return " and ".join(parts)


# --- what a card does, in words -------------------------------------------------------------------

SPELL_TARGETS = {
    "player": "a player",
    "land": "a land",
    "property": "a property",
    "lab": "a lab",
    "specialized": "a Spell Shop or Brewery",
    "stack": "a stack",
    "player_bought": "a player who bought a permit since your last turn",
    "reading": "the field of readings",
}
SPELLS = {
    "pickpocket": "take up to {amount} gold from their pocket",
    "blight": "its next production yields nothing",
    "fallow": "it yields no gold on its next roll",
    "rot": "its investment goes to the central bank",
    "siphon": "its research grant goes to the central bank",
    "corrosion": "its maintenance costs 1 more (at most {amount} more)",
    "dispel": "the potions set under it are reshuffled unrevealed",
    "greed": "they pay the cost of the living to the central bank",
    "bad_omen": "the newest reading is voided",
    "bandit_roads": "their next trade is lost on a road roll of 1 to {amount}",
}
POTION_PLACES = {
    "own_land": "under one of your lands",
    "own_property": "under one of your properties",
    "own_stack": "under one of your stacks",
    "self": "before you",
}
POTIONS = {
    "growth": "its next yield gives {amount} more units",
    "golden_touch": "its next gold yield pays its value once more",
    "iron_skin": "the next golem damage to it is prevented",
    "lucky_charm": "on the next 7 rolled your investments come back to you",
    "brine": "on the next 7 rolled you pay no holding fee",
    "warding": "the next spell cast at you has no effect",
    "safe_passage": "your next road roll counts as 6 and 6",
    "clear_skies": "in the next winter your lands yield as in summer",
}
READINGS = {
    "row_each": "the R.O.W. pays {amount} gold to each player",
    "row_per_property": "the R.O.W. pays {amount} gold per placed property",
    "irrigation": "the R.O.W. pays the cost of the living; lands yield {amount} more for an orbit",
    "drought": "that roll yields no Essence Grain",
    "bumper": "that roll's Elixir Oil is doubled",
    "thaw": "the season wheel turns one portion",
    "market_day": "the market stimulus runs now for every commodity",
    "golem_blight": "every Stone golem crumbles",
    "price_scare": "the cost of the living rises by the volatility",
    "smog": "the climate counter rises by {amount}",
}
REGULATIONS = {
    "oil_levy": "gaining Elixir Oil costs the tax rate per unit, paid to the R.O.W.",
    "no_lending_bankrupt": "no loans, bonds or barter giving gold to a bankrupt player",
    "permit_quota": "at most {value} permits bought a turn",
    "trade_tariff": "each barter costs each side {value} gold, paid to the R.O.W.",
    "golem_licence": "playing a golem costs the tax rate, paid to the R.O.W.",
    "investment_ceiling": "at most {value} gold invested on a property",
    "spell_duty": "casting a spell costs {value} gold, paid to the R.O.W.",
    "maintenance_standard": "maintenance costs {value} gold more",
}


def _effect_words(card: Spell | Potion | ReadingCard) -> str:
    """What a card's effect does, without its target or trigger: "It yields no gold on its next
    roll"."""
    table: dict[str, str] = (
        SPELLS if isinstance(card, Spell) else POTIONS if isinstance(card, Potion) else READINGS
    )
    text = table.get(card.effect, card.title).format(amount=card.amount)
    return text[:1].upper() + text[1:] + "."


def _what(card: Spell | Potion | ReadingCard) -> str:
    """What a custom card does, as one sentence."""
    if isinstance(card, Spell):
        effect = SPELLS.get(card.effect, card.title).format(amount=card.amount)
        return f"Cast at {SPELL_TARGETS.get(card.target, card.target)}: {effect}."
    if isinstance(card, Potion):
        effect = POTIONS.get(card.effect, card.title).format(amount=card.amount)
        return f"Set face down {POTION_PLACES.get(card.target, card.target)}: {effect}."
    effect = READINGS.get(card.effect, card.title).format(amount=card.amount)
    return f"{_trigger(card.trigger)}: {effect}."


def _trigger(trigger: Trigger) -> str:
    """Future Reading Cards: "when a specific number is rolled next", or after some time."""
    if trigger.roll_any:
        return f"When {_numbers(trigger.roll_any)} is rolled"
    if trigger.after_turns is not None:
        return f"After {_count(trigger.after_turns, 'turn')}"
    return f"After {_count(trigger.after_orbits or 0, 'orbit')}"


def _waivers(numbers: tuple[int, ...]) -> str:
    """ "These predictions can be wrong": a waiver number rolled first voids the card."""
    return f"Void if {_numbers(numbers)} is rolled first" if numbers else "Never voided"


def _numbers(numbers: tuple[int, ...]) -> str:
    texts = [str(n) for n in numbers]
    return texts[0] if len(texts) == 1 else f"{', '.join(texts[:-1])} or {texts[-1]}"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'' if n == 1 else 's'}"


def _regulation_text(rule: Regulation, value: int) -> str:
    text = REGULATIONS.get(rule.effect, rule.title).format(value=value)
    return text[:1].upper() + text[1:] + ("" if text.endswith(".") else ".")


def _reading(content: MagicContent, card: str) -> dict[str, Any]:
    reading = content.readings[kind_of(card)]
    return {
        "card": card,
        "name": reading.name,
        "title": reading.title,
        "kind": reading.kind,
        "kind_title": "Tea Leaves" if reading.kind == "tea" else "Crystal Ball",
        "trigger": reading.trigger.model_dump(
            mode="json", exclude_none=True, exclude_defaults=True
        ),
        "waived_by": list(reading.waived_by),
        "trigger_text": _trigger(reading.trigger),
        "waiver_text": _waivers(reading.waived_by),
        "text": _what(reading),
    }


# --- the rules' reference -------------------------------------------------------------------------


def _catalogue(content: MagicContent) -> dict[str, Any]:
    """Every content card's title and what it does, for interfaces to explain them."""
    return {
        "spells": {
            n: {"title": c.title, "target": c.target, "text": _what(c)}
            for n, c in content.spells.items()
        },
        "potions": {
            n: {
                "title": c.title,
                "target": c.target,
                "recipe": dict(c.recipe),
                "recipe_text": _recipe(c),
                "text": _what(c),
            }
            for n, c in content.potions.items()
        },
        "readings": {
            n: {
                "title": c.title,
                "kind": c.kind,
                "text": _what(c),
                "waiver_text": _waivers(c.waived_by),
            }
            for n, c in content.readings.items()
        },
        "regulations": {
            n: {
                "title": c.title,
                "value": c.value,
                "module": c.module,
                "text": _regulation_text(c, c.value),
            }
            for n, c in content.regulations.items()
        },
    }
